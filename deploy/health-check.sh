#!/usr/bin/env bash
# The proxy's active health checks (decision 067): every half second, asks each instance's
# /ready; writes nginx's upstream list with the instances that answer 200, the others `down`, and
# reloads nginx when the list changed. An instance that says it is stopping leaves at once; one
# that fails otherwise (no answer in 2 s, the database away) after 3 checks in a row, so that a
# loaded instance whose /ready is slow for a moment is not taken out, which would load the others
# more. Started and stopped by deploy/local-cluster.sh.
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
unhealthy_after=${HEALTH_CHECK_FAILURES:-3}
declare -A failures

while true; do
  next=""
  # All at once: a loaded instance's slow answer must not delay seeing another one stop.
  for i in "${!targets[@]}"; do
    curl --silent --max-time 2 --write-out '\n%{http_code}' "http://${targets[$i]}/ready" > "$state/ready.$i" 2> /dev/null &
  done
  wait
  for i in "${!targets[@]}"; do
    target=${targets[$i]}
    answer=$(cat "$state/ready.$i")
    if [[ "${answer##*$'\n'}" == 200 ]]; then
      failures[$target]=0
    elif [[ "$answer" == *'"stopping":true'* ]]; then
      failures[$target]=$unhealthy_after
    else
      failures[$target]=$((${failures[$target]:-0} + 1))
    fi
    if ((failures[$target] < unhealthy_after)); then
      next+="server $target max_fails=0;"$'\n'
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
