/* The pod sandbox's "pause" process, built here because no image registry is reachable: sleeps, reaps
 * zombies, exits on INT/TERM. */
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>
static void down(int s) { (void)s; _exit(0); }
static void reap(int s) { (void)s; while (waitpid(-1, NULL, WNOHANG) > 0) {} }
int main(void) {
  signal(SIGINT, down); signal(SIGTERM, down); signal(SIGCHLD, reap);
  for (;;) pause();
}
