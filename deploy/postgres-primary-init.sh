#!/usr/bin/env bash
# The primary's first start (deploy/compose.yaml): a role for the replica's streaming, allowed
# from the containers' network.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "create role replicator with replication login password '${REPLICATION_PASSWORD}'"
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
