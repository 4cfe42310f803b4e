# Sourced after config.sh: start, watch and stop this cluster's processes by the PIDs recorded in
# $RUN/pids. A PID counts as ours only while its command line names a path under $RUN, so a stale
# file (after a reboot, say) never makes us signal somebody else's process.

die() { echo "local-cluster: $*" >&2; exit 1; }

pid_of() { cat "$RUN/pids/$1" 2>/dev/null || true; }

alive() { # pid: exists and is not a zombie
  [ -n "$1" ] && [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat" 2>/dev/null
}

owned() { # pid: alive and started for this run dir (no pipe: grep -q under pipefail races with SIGPIPE)
  local cmd
  alive "$1" && cmd=$(tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null) && [[ $cmd == *"$RUN/"* ]]
}

running() { owned "$(pid_of "$1")"; }

port_free() { # port: nothing listens on 127.0.0.1:port
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

require_free_port() { # component port
  port_free "$2" || die "port $2 for $1 is already taken on 127.0.0.1 (another cluster? pick another --port-base)"
}

start() { # name command...: run detached in its own session, log to $RUN/logs/<name>.log
  local name=$1; shift
  if running "$name"; then echo "$name already running (pid $(pid_of "$name"))"; return 0; fi
  mkdir -p "$RUN/logs" "$RUN/pids"
  setsid "$@" >"$RUN/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/pids/$name"
  echo "started $name (pid $!)"
}

wait_for() { # name timeout-seconds probe...: until the probe passes; fail at once if the process died
  local name=$1 timeout=$2 t0=$SECONDS; shift 2
  until "$@" >/dev/null 2>&1; do
    if ! alive "$(pid_of "$name")"; then   # alive, not owned: right after the fork the child may not have exec'd yet
      tail -n 25 "$RUN/logs/$name.log" >&2 2>/dev/null
      die "$name exited during start-up (last lines of $RUN/logs/$name.log above)"
    fi
    if (( SECONDS - t0 > timeout )); then
      tail -n 25 "$RUN/logs/$name.log" >&2 2>/dev/null
      die "$name not ready after ${timeout}s (probe: $*; log: $RUN/logs/$name.log)"
    fi
    sleep 0.3
  done
  echo "$name ready after $((SECONDS - t0))s"
}

stop() { # name: TERM the process group, KILL after 10 s
  local name=$1 pid; pid=$(pid_of "$name")
  [ -n "$pid" ] || return 0
  if owned "$pid"; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 1 40); do alive "$pid" || break; sleep 0.25; done
    if alive "$pid"; then kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null; fi
    echo "stopped $name (pid $pid)"
  fi
  rm -f "$RUN/pids/$name"
}
