#!/usr/bin/env bash
# The proxy's active health checks (decision 067): every half second, asks each instance's
# /ready; writes nginx's upstream list with the instances that answer 200, the others `down`, and
# reloads nginx when the list changed. Started and stopped by deploy/local-cluster.sh.
#
#   deploy/health-check.sh <state folder> <instance> [<instance>…]
#
# An instance is a port on this machine (3101) or a host and port (app1:3000).
set -uo pipefail
state=$1
shift
targets=()
for instance in "$@"; do
  [[ "$instance" == *:* ]] && targets+=("$instance") || targets+=("127.0.0.1:$instance")
done
upstream="$state/upstream.conf"
interval=${HEALTH_CHECK_INTERVAL:-0.5}

while true; do
  next=""
  for target in "${targets[@]}"; do
    if curl --silent --fail --max-time 2 --output /dev/null "http://$target/ready"; then
      next+="server $target max_fails=1 fail_timeout=2s;"$'\n'
    else
      next+="server $target down;"$'\n'
    fi
  done
  if [[ "$next" != "$(cat "$upstream" 2>/dev/null)"$'\n' ]]; then
    printf '%s' "$next" > "$upstream.next" && mv "$upstream.next" "$upstream"
    nginx -c "$state/nginx.conf" -p "$state" -s reload 2>> "$state/nginx-error.log" || true
    echo "$(date -u +%FT%TZ) upstream: $(grep -c -v ' down;' "$upstream") of ${#targets[@]} instances in rotation" >> "$state/health-check.log"
  fi
  sleep "$interval"
done
