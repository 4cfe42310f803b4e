/*
 * A bare C echo ping-pong over loopback, the floor the echo targets are split against by hand (BENCHMARKS.md, "Loopback
 * echo: each side against a bare C loop"): either side can face isobench's own, so a difference shows on which side it is.
 *
 *   echo-c-loop server tcp|udp PORT          echoes on 127.0.0.1:PORT until killed
 *   echo-c-loop client tcp|udp PORT SECONDS  256-byte ping-pong for 2 s of warm-up and SECONDS measured; prints
 *                                            "p50 p99 samples", one-way = round trip / 2, in ns
 *
 * Both sides busy-poll non-blocking sockets (recv/send, recvfrom/sendto), as sockperf --nonblocked and isobench's echo
 * targets do; the round trip is timed with clock_gettime(CLOCK_MONOTONIC). Pin each side with taskset. A client whose
 * echo does not come back within a second (a UDP datagram lost, a server gone) exits 1 rather than spin forever.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MESSAGE 256
#define WARMUP_NS 2000000000L
#define REPLY_TIMEOUT_NS 1000000000L

static long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000L + t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : x > y;
}

static void non_blocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void no_delay(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static int serve(int tcp, struct sockaddr_in *address) {
  static char buffer[MESSAGE * 64];
  int one = 1;
  int s = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
  setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(s, (struct sockaddr *)address, sizeof *address) != 0) {
    perror("echo-c-loop: bind");
    return 1;
  }
  if (tcp) {
    listen(s, 4);
    for (;;) {
      int c = accept(s, NULL, NULL);
      if (c < 0) continue;
      no_delay(c);
      non_blocking(c);
      for (;;) {
        ssize_t n = recv(c, buffer, sizeof buffer, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN)) break;
        for (ssize_t sent = 0; n > 0 && sent < n;) {
          ssize_t w = send(c, buffer + sent, (size_t)(n - sent), 0);
          if (w > 0) sent += w;
          else if (errno != EAGAIN) break;
        }
      }
      close(c);
    }
  }
  non_blocking(s);
  for (;;) {
    struct sockaddr_in peer;
    socklen_t length = sizeof peer;
    ssize_t n = recvfrom(s, buffer, sizeof buffer, 0, (struct sockaddr *)&peer, &length);
    if (n > 0) sendto(s, buffer, (size_t)n, 0, (struct sockaddr *)&peer, length);
  }
}

static int ping_pong(int tcp, struct sockaddr_in *address, long seconds) {
  static char message[MESSAGE];
  memset(message, 7, sizeof message);
  int s = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
  if (connect(s, (struct sockaddr *)address, sizeof *address) != 0) {
    perror("echo-c-loop: connect");
    return 1;
  }
  if (tcp) no_delay(s);
  non_blocking(s);
  long capacity = seconds * 2000000L; /* more round trips than loopback completes in a second */
  long *one_way = malloc((size_t)capacity * sizeof *one_way);
  if (one_way == NULL) return 1;
  long samples = 0, measuring_from = now_ns() + WARMUP_NS, end = measuring_from + seconds * 1000000000L;
  for (long sent_at = now_ns(); sent_at < end && samples < capacity; sent_at = now_ns()) {
    for (ssize_t sent = 0; sent < MESSAGE;) {
      ssize_t w = send(s, message + sent, (size_t)(MESSAGE - sent), 0);
      if (w > 0) sent += w;
      else if (errno != EAGAIN) { perror("echo-c-loop: send"); return 1; }
    }
    for (ssize_t got = 0; got < MESSAGE;) {
      ssize_t r = recv(s, message + got, (size_t)(MESSAGE - got), 0);
      if (r > 0) got += r;
      else if (r == 0 || errno != EAGAIN) { fprintf(stderr, "echo-c-loop: the server closed or failed\n"); return 1; }
      else if (now_ns() - sent_at > REPLY_TIMEOUT_NS) { fprintf(stderr, "echo-c-loop: no echo within 1 s\n"); return 1; }
    }
    long back_at = now_ns();
    if (sent_at >= measuring_from) one_way[samples++] = (back_at - sent_at) / 2;
  }
  if (samples == 0) return 1;
  qsort(one_way, (size_t)samples, sizeof *one_way, by_value);
  printf("%ld %ld %ld\n", one_way[samples / 2], one_way[(long)(samples * 0.99)], samples);
  return 0;
}

int main(int argc, char **argv) {
  int server = argc == 4 && strcmp(argv[1], "server") == 0;
  int client = argc == 5 && strcmp(argv[1], "client") == 0;
  if ((!server && !client) || (strcmp(argv[2], "tcp") != 0 && strcmp(argv[2], "udp") != 0)) {
    fprintf(stderr, "usage: echo-c-loop server tcp|udp PORT | client tcp|udp PORT SECONDS\n");
    return 2;
  }
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[3]))};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int tcp = strcmp(argv[2], "tcp") == 0;
  return server ? serve(tcp, &address) : ping_pong(tcp, &address, atol(argv[4]));
}
