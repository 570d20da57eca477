#!/bin/sh
# Starts one member of the Redis high-availability group of docker-compose.sentinel.yml (a Redis node
# or a Sentinel) from a config file on the member's own volume, writing that file only at the first
# start. Why a file: Sentinel records a failover by rewriting the members' files (CONFIG REWRITE on the
# nodes, its own file on each Sentinel). A role fixed on the command line (`--replicaof`) would come
# back on every restart and undo the failover: a restarted promoted master would start as a replica,
# leaving the group without a master until Sentinel noticed. With the file, each member starts in the
# role the group last agreed on, after `restart`, `down` + `up` or a host reboot alike.
#
#   redis-ha.sh primary | replica | sentinel
#
# Environment (the defaults are the compose file's):
#   REDIS_PASSWORD        required: requirepass and masterauth of the nodes, auth-pass of the Sentinels
#   REDIS_ANNOUNCE        nodes: the name the node gives Sentinel and its replicas (its service name),
#                         so the group finds itself again when containers come back with new addresses
#   REDIS_PRIMARY_HOST, REDIS_PRIMARY_PORT   the first master (replica and Sentinels, first start only)
#   REDIS_PORT            default 6379 (nodes), 26379 (Sentinels)
#   REDIS_DIR             where the config file and the data live, default /data
#   REDIS_BIND            optional listening address (the tests use 127.0.0.1)
#   SENTINEL_QUORUM, SENTINEL_DOWN_AFTER_MS, SENTINEL_FAILOVER_TIMEOUT_MS   defaults 2, 5000, 60000
set -eu

kind=${1:?usage: redis-ha.sh primary|replica|sentinel}
: "${REDIS_PASSWORD:?set REDIS_PASSWORD}"
dir=${REDIS_DIR:-/data}
primary_host=${REDIS_PRIMARY_HOST:-redis-primary}
primary_port=${REDIS_PRIMARY_PORT:-6379}
# Sentinel writes auth-pass back unquoted when it rewrites its file (Redis 7.0), so a password with
# a space, a quote or a backslash would break the Sentinel's next start: refuse it now instead.
case $REDIS_PASSWORD in
  *[[:space:]\"\'\\]*)
    echo "redis-ha.sh: REDIS_PASSWORD must not contain spaces, quotes or backslashes" >&2
    exit 2
    ;;
esac
password=$REDIS_PASSWORD

case $kind in
  primary | replica)
    conf=$dir/redis.conf
    port=${REDIS_PORT:-6379}
    ;;
  sentinel)
    conf=$dir/sentinel.conf
    port=${REDIS_PORT:-26379}
    ;;
  *)
    echo "redis-ha.sh: unknown member kind '$kind' (primary, replica or sentinel)" >&2
    exit 2
    ;;
esac

if [ ! -s "$conf" ]; then
  # The file holds the password: readable by the Redis user only.
  umask 077
  {
    echo "port $port"
    echo "dir $dir"
    if [ -n "${REDIS_BIND:-}" ]; then echo "bind $REDIS_BIND"; fi
    if [ "$kind" = sentinel ]; then
      echo "sentinel resolve-hostnames yes"
      echo "sentinel announce-hostnames yes"
      echo "sentinel monitor mymaster $primary_host $primary_port ${SENTINEL_QUORUM:-2}"
      echo "sentinel auth-pass mymaster $password"
      echo "sentinel down-after-milliseconds mymaster ${SENTINEL_DOWN_AFTER_MS:-5000}"
      echo "sentinel failover-timeout mymaster ${SENTINEL_FAILOVER_TIMEOUT_MS:-60000}"
    else
      : "${REDIS_ANNOUNCE:?set REDIS_ANNOUNCE (the node's service name)}"
      echo "appendonly yes"
      echo "appendfsync everysec"
      echo "requirepass $password"
      echo "masterauth $password"
      echo "replica-announce-ip $REDIS_ANNOUNCE"
      if [ "$kind" = replica ]; then echo "replicaof $primary_host $primary_port"; fi
    fi
  } > "$conf.new"
  # Renamed into place whole: a start interrupted while writing leaves no half file to trust.
  mv "$conf.new" "$conf"
fi

# In the redis image its entrypoint starts the server: it hands the data folder (this file included)
# to the redis user and drops root first. Elsewhere (the tests) redis-server is started directly.
entrypoint=
if command -v docker-entrypoint.sh > /dev/null 2>&1; then entrypoint=docker-entrypoint.sh; fi
if [ "$kind" = sentinel ]; then
  exec $entrypoint redis-server "$conf" --sentinel
fi
exec $entrypoint redis-server "$conf"
