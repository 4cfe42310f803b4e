/*
 * make bench-http-peers' server: one thread, epoll, keep-alive HTTP/1.1, a fixed "200 ok" to every request.
 *
 * Why not nginx: the HTTP generators are compared by how many requests each drives through N connections, which says
 * something about them only while the server keeps up. On this project's 2-vCPU machine nginx's one worker is 94-101 %
 * busy while wrk runs (BENCHMARKS.md, HTTP generators), so every generator measured nginx. This server does nothing
 * but read, find each request's end and answer: about 85 % busy where nginx was saturated.
 *
 * What it accepts: requests of up to 16 KiB of headers, with a body only by Content-Length (what wrk, h2load --h1 and
 * isobench's http target send); pipelined requests are answered in order, one send for all that one read completed.
 * Anything else (chunked bodies, a header block over 16 KiB, a bad Content-Length) gets a 400 and the connection is
 * closed. Loopback only: it binds 127.0.0.1.
 *
 *   http-responder PORT        (prints "listening on 127.0.0.1:PORT" once it accepts connections)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define HEADER_LIMIT 16384
#define OUT_LIMIT 65536

static const char OK[] = "HTTP/1.1 200 OK\r\nServer: isobench-http-responder\r\nContent-Type: text/plain\r\n"
                         "Content-Length: 3\r\n\r\nok\n";
static const char BAD[] = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

struct conn {
  int fd;
  size_t used;        /* bytes of unparsed input in in[] */
  long long skip;     /* body bytes of the current request still to discard */
  size_t out_used;    /* bytes of responses not yet sent */
  int closing;        /* close once out[] is sent */
  int polling_out;    /* registered for EPOLLOUT: output was left unsent */
  int draining;       /* answered and shut for writing: input is discarded until the peer closes */
  char in[HEADER_LIMIT];
  char out[OUT_LIMIT];
};

static int ep;

static void drop(struct conn *c) {
  close(c->fd);
  free(c);
}

/* Content-Length of the header block [start, end), 0 when absent, -1 when it cannot be served (chunked, malformed). */
static long long body_length(const char *start, const char *end) {
  long long length = 0;
  for (const char *line = start; line < end;) {
    const char *eol = memmem(line, end - line, "\r\n", 2);
    if (!eol) eol = end;
    size_t n = eol - line;
    if (n > 15 && strncasecmp(line, "content-length:", 15) == 0) {
      const char *p = line + 15;
      while (p < eol && (*p == ' ' || *p == '\t')) p++;
      if (p == eol) return -1;
      length = 0;
      for (; p < eol && *p >= '0' && *p <= '9'; p++) {
        if (length > (1LL << 40)) return -1;
        length = length * 10 + (*p - '0');
      }
      while (p < eol && (*p == ' ' || *p == '\t')) p++;
      if (p != eol) return -1;
    } else if (n > 18 && strncasecmp(line, "transfer-encoding:", 18) == 0) {
      return -1;
    }
    line = eol + 2;
  }
  return length;
}

static void queue(struct conn *c, const char *bytes, size_t n) {
  if (c->out_used + n > sizeof c->out) { /* the peer pipelines faster than it reads: stop answering it */
    c->closing = 1;
    return;
  }
  memcpy(c->out + c->out_used, bytes, n);
  c->out_used += n;
}

/* Sends what is queued; 0 when the connection is to be dropped. Waits for EPOLLOUT only while output is left. */
static int flush_out(struct conn *c) {
  size_t sent = 0;
  while (sent < c->out_used) {
    ssize_t w = send(c->fd, c->out + sent, c->out_used - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) break;
      return 0;
    }
    sent += w;
  }
  memmove(c->out, c->out + sent, c->out_used - sent);
  c->out_used -= sent;
  if (c->polling_out != (c->out_used > 0)) { /* a system call only when that changes, not per response */
    c->polling_out = c->out_used > 0;
    struct epoll_event ev = {.events = EPOLLIN | (c->polling_out ? EPOLLOUT : 0), .data.ptr = c};
    epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
  }
  if (c->out_used == 0 && c->closing && !c->draining) {
    /* a close with unread input would reset the connection and could destroy the 400 in flight: shut the sending
       side and discard what comes until the peer closes (the lingering close web servers make) */
    shutdown(c->fd, SHUT_WR);
    c->draining = 1;
    c->used = 0;
    return 1;
  }
  return 1;
}

/* Answers every whole request in in[]; 0 when the connection is to be dropped. */
static int serve(struct conn *c) {
  char *p = c->in, *end = c->in + c->used;
  while (p < end && !c->closing) {
    if (c->skip > 0) {
      long long take = c->skip < end - p ? c->skip : end - p;
      p += take;
      c->skip -= take;
      continue;
    }
    char *header_end = memmem(p, end - p, "\r\n\r\n", 4);
    if (!header_end) break;
    long long body = body_length(p, header_end);
    if (body < 0) {
      queue(c, BAD, sizeof BAD - 1);
      c->closing = 1;
      break;
    }
    queue(c, OK, sizeof OK - 1);
    p = header_end + 4;
    c->skip = body;
  }
  c->used = end - p;
  memmove(c->in, p, c->used);
  if (c->used == sizeof c->in && !c->closing) { /* a header block larger than we keep */
    queue(c, BAD, sizeof BAD - 1);
    c->closing = 1;
  }
  return flush_out(c);
}

int main(int argc, char **argv) {
  if (argc != 2 || atoi(argv[1]) <= 0 || atoi(argv[1]) > 65535) {
    fprintf(stderr, "usage: http-responder PORT\n");
    return 2;
  }
  int port = atoi(argv[1]), one = 1;
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, 4096)) {
    fprintf(stderr, "http-responder: cannot listen on 127.0.0.1:%d: %s\n", port, strerror(errno));
    return 1;
  }
  ep = epoll_create1(0);
  struct epoll_event lev = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(ep, EPOLL_CTL_ADD, listener, &lev);
  printf("listening on 127.0.0.1:%d\n", port);
  fflush(stdout);
  struct epoll_event events[512];
  for (;;) {
    int n = epoll_wait(ep, events, 512, -1);
    if (n < 0 && errno != EINTR) {
      perror("http-responder: epoll_wait");
      return 1;
    }
    for (int i = 0; i < n; i++) {
      struct conn *c = events[i].data.ptr;
      if (!c) {
        int fd;
        while ((fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          struct conn *fresh = calloc(1, sizeof *fresh);
          if (!fresh) {
            close(fd);
            continue;
          }
          fresh->fd = fd;
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          struct epoll_event ev = {.events = EPOLLIN, .data.ptr = fresh};
          epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
        }
        continue;
      }
      if (events[i].events & EPOLLOUT && !flush_out(c)) {
        drop(c);
        continue;
      }
      if (!(events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) || (c->closing && !c->draining)) continue;
      ssize_t r = recv(c->fd, c->in + c->used, sizeof c->in - c->used, MSG_DONTWAIT);
      if (r > 0 && c->draining) continue;
      if (r < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (r <= 0) {
        drop(c);
        continue;
      }
      c->used += r;
      if (!serve(c)) drop(c);
    }
  }
}
