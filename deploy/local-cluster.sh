#!/usr/bin/env bash
# Several instances of the portal on one PostgreSQL (and Redis when REDIS_URL is set) behind
# nginx, on this machine: for the tests, the benchmark, and anyone who wants to see it (decision 067).
#
#   DATABASE_URL=postgres://… deploy/local-cluster.sh up [N]   N instances (default 3), returns once all are ready
#   deploy/local-cluster.sh restart                          restarts them one by one, each back in rotation before the next
#   deploy/local-cluster.sh status                           what runs
#   deploy/local-cluster.sh down                             stops what `up` started, by the process ids it recorded
#
# PROXY_PORT (default 8080) and INSTANCE_BASE_PORT (default 3101) choose the ports; CLUSTER_DIR
# (default .cluster at the repository's root) holds the process ids, logs, nginx's files, the
# secrets drawn for the instances and the uploaded files. Needs Debian's nginx and the built web
# app (npm run build).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
state=${CLUSTER_DIR:-$root/.cluster}
proxy_port=${PROXY_PORT:-8080}
base_port=${INSTANCE_BASE_PORT:-3101}
ready_wait=${CLUSTER_READY_SECONDS:-120}

fail() {
  echo "local-cluster: $*" >&2
  exit 1
}

alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2> /dev/null; }

# The instances' process ids, one file per instance: <state>/instances/<port>.pid
instance_ports() {
  local file
  for file in "$state"/instances/*.pid; do
    [[ -e "$file" ]] && basename "$file" .pid
  done
  return 0
}

wait_ready() {
  local port=$1 pid=$2 deadline=$((SECONDS + ready_wait))
  until curl --silent --fail --max-time 2 --output /dev/null "http://127.0.0.1:$port/ready"; do
    if ! alive "$pid"; then
      tail -n 20 "$state/logs/$port.log" >&2 || true
      fail "the instance on port $port stopped while starting (log: $state/logs/$port.log)"
    fi
    ((SECONDS < deadline)) || fail "the instance on port $port is not ready after ${ready_wait} s (log: $state/logs/$port.log)"
    sleep 0.5
  done
}

# Exports each NAME=value line of an environment file whose NAME the environment does not set:
# a variable given to the script wins over the file, as with demo.env.
load_env() {
  local name value
  while IFS='=' read -r name value; do
    [[ "$name" =~ ^[A-Z][A-Z0-9_]*$ ]] || continue
    [[ -n "${!name+set}" ]] || export "$name=$value"
  done < "$1"
}

start_instance() {
  local port=$1 index=$2
  (
    load_env "$root/deploy/instance.env"
    load_env "$state/secrets.env"
    export INSTANCE_ID="app$index" PORT="$port" DATABASE_URL PUBLIC_URL="${PUBLIC_URL:-http://localhost:$proxy_port}"
    export ATTACHMENTS_DIR="${ATTACHMENTS_DIR:-$state/files}" DATA_DIR="$state/data-$port"
    [[ -n "${REDIS_URL:-}" ]] && export REDIS_URL
    cd "$root"
    exec setsid node --import tsx apps/api/src/server.ts >> "$state/logs/$port.log" 2>&1 < /dev/null
  ) &
  echo $! > "$state/instances/$port.pid"
}

stop_pid() {
  local pid=$1 deadline=$((SECONDS + 45))
  alive "$pid" || return 0
  kill -TERM "$pid" 2> /dev/null || return 0
  while alive "$pid"; do
    ((SECONDS < deadline)) || { kill -KILL "$pid" 2> /dev/null || true; return 0; }
    sleep 0.2
  done
}

draw_secrets() {
  [[ -s "$state/secrets.env" ]] && return 0
  local name
  umask 077
  for name in ESIM_LINK_SECRET MFA_SECRET_KEY PAYMENT_PROVIDER_SECRET SSO_ONECLIC_SECRET METRICS_TOKEN; do
    # A value set in the environment wins; otherwise one drawn here, the same for every instance.
    echo "$name=${!name:-$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))')}"
  done > "$state/secrets.env"
}

up() {
  local count=${1:-3}
  [[ "$count" =~ ^[1-9][0-9]?$ ]] || fail "the number of instances is 1 to 99, not '$count'"
  [[ -n "${DATABASE_URL:-}" ]] || fail "DATABASE_URL is required: several instances share a PostgreSQL database (PGlite serves one process)"
  command -v nginx > /dev/null || fail "nginx is not installed (apt-get install nginx)"
  [[ -f "$root/apps/web/dist/index.html" ]] || fail "the web app is not built (npm run build)"
  if [[ -d "$state/instances" ]] && [[ -n "$(instance_ports)" ]]; then
    fail "a cluster is already up in $state: deploy/local-cluster.sh down first"
  fi
  mkdir -p "$state"/{instances,logs,files} "$state"/temp/{body,proxy,fastcgi,uwsgi,scgi}
  # nginx's workers run as an unprivileged user when it is started as root.
  chmod 1777 "$state"/temp/*
  draw_secrets

  local i port pids=()
  for ((i = 1; i <= count; i++)); do
    port=$((base_port + i - 1))
    start_instance "$port" "$i"
    pids+=("$(cat "$state/instances/$port.pid")")
  done
  for ((i = 1; i <= count; i++)); do
    port=$((base_port + i - 1))
    wait_ready "$port" "${pids[$((i - 1))]}"
  done

  : > "$state/upstream.conf"
  for ((i = 1; i <= count; i++)); do
    echo "server 127.0.0.1:$((base_port + i - 1)) max_fails=0;" >> "$state/upstream.conf"
  done
  sed -e "s|@STATE@|$state|g" -e "s|@LISTEN@|127.0.0.1:$proxy_port|g" "$root/deploy/nginx.conf" > "$state/nginx.conf"
  nginx -c "$state/nginx.conf" -p "$state" -t 2> "$state/logs/nginx-test.log" || fail "nginx refused its configuration: $(cat "$state/logs/nginx-test.log")"
  nginx -c "$state/nginx.conf" -p "$state"
  local ports=()
  for ((i = 1; i <= count; i++)); do ports+=("$((base_port + i - 1))"); done
  setsid "$root/deploy/health-check.sh" "$state" "${ports[@]}" > /dev/null 2>&1 < /dev/null &
  echo $! > "$state/health-check.pid"

  local deadline=$((SECONDS + 30))
  until curl --silent --fail --max-time 2 --output /dev/null "http://127.0.0.1:$proxy_port/ready"; do
    ((SECONDS < deadline)) || fail "the proxy on port $proxy_port does not answer (log: $state/nginx-error.log)"
    sleep 0.2
  done
  echo "$count instances ready behind http://localhost:$proxy_port/ (instances on ports ${ports[*]}, files in $state)"
}

restart() {
  local port pid index
  [[ -n "$(instance_ports)" ]] || fail "no cluster is up in $state"
  for port in $(instance_ports); do
    index=$((port - base_port + 1))
    stop_pid "$(cat "$state/instances/$port.pid")"
    start_instance "$port" "$index"
    pid=$(cat "$state/instances/$port.pid")
    wait_ready "$port" "$pid"
    # Back in the proxy's rotation (the next check) before the next one leaves it.
    sleep "${HEALTH_CHECK_SETTLE:-1.5}"
    echo "instance app$index (port $port) restarted"
  done
}

status() {
  local port pid
  for port in $(instance_ports); do
    pid=$(cat "$state/instances/$port.pid")
    if alive "$pid"; then
      echo "port $port: pid $pid, /ready $(curl --silent --max-time 2 --output /dev/null --write-out '%{http_code}' "http://127.0.0.1:$port/ready")"
    else
      echo "port $port: not running"
    fi
  done
  [[ -f "$state/nginx.pid" ]] && alive "$(cat "$state/nginx.pid")" && echo "nginx: pid $(cat "$state/nginx.pid"), $(grep -c -v ' down;' "$state/upstream.conf") instances in rotation"
  return 0
}

down() {
  local port
  if [[ -f "$state/health-check.pid" ]]; then
    kill "$(cat "$state/health-check.pid")" 2> /dev/null || true
    rm -f "$state/health-check.pid"
  fi
  # The instances first, each draining as on a deployment; then the proxy.
  for port in $(instance_ports); do
    stop_pid "$(cat "$state/instances/$port.pid")" &
  done
  wait
  rm -f "$state"/instances/*.pid
  if [[ -f "$state/nginx.pid" ]]; then
    stop_pid "$(cat "$state/nginx.pid")"
    rm -f "$state/nginx.pid"
  fi
  echo "cluster in $state stopped"
}

case "${1:-}" in
  up) up "${2:-3}" ;;
  restart) restart ;;
  status) status ;;
  down) down ;;
  *) fail "usage: deploy/local-cluster.sh up [N] | restart | status | down" ;;
esac
