#!/usr/bin/env bash
# Times a team store's replica against its hub (issue 33): the first sync of
# N deliveries (the hub's snapshot copied into a new replica and indexed) and
# a catch-up after C changes made on the hub, each as the wall clock and CPU
# of `idelivermobile render --store URL --replica R`, which syncs before it
# draws one screen: what a browser does before its first frame (`summary`
# would add its own pass over every row to the figures). A throwaway PostgreSQL cluster on loopback (as the tests make one;
# as root the server runs as the postgres user), removed afterwards.
#
#   scripts/bench-team-sync.sh BINARY [N=1000000] [C=10000] [RUNS=3]
set -euo pipefail
binary=$(realpath "$1")
count=${2:-1000000}
changes=${3:-10000}
runs=${4:-3}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/idm-team-bench-XXXXXX)
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cleanup() { as_server "$pgbin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
as_server "$pgbin/initdb" -D "$work/data" -U idm -A trust >/dev/null
as_server "$pgbin/pg_ctl" -D "$work/data" -l "$work/log" -w \
    -o "-k $work -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null
as_server "$pgbin/createdb" -h "$work" -p "$port" -U idm team
url="postgresql://idm@/team?host=$work&port=$port"
export XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"

"$binary" generate --count "$count" --seed 1 --out "$work/manifest.json"
"$binary" import "$work/manifest.json" --store "$url" >/dev/null

# Wall clock and CPU (user + system) of one command: on a machine others load, the CPU says what the wall clock may not.
seconds() {
    python3 -c '
import resource, subprocess, sys, time
t = time.monotonic()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
wall = time.monotonic() - t
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.2f} s (CPU {usage.ru_utime + usage.ru_stime:.2f} s)")' "$@"
}

for run in $(seq 1 "$runs"); do
    replica="$work/replica-$run.sqlite"
    first=$(seconds "$binary" render --store "$url" --replica "$replica")
    # The same command with nothing to catch up: connecting and drawing, the floor under a catch-up.
    nothing=$(seconds "$binary" render --store "$url" --replica "$replica")
    # C status changes on the hub, through its intake as a browser's would go, in one statement.
    psql -q -h "$work" -p "$port" -U idm team -c "
        SELECT count(*) FROM (
            SELECT submit_status_change(gen_random_uuid(), id, status,
                CASE status WHEN 'pending' THEN 'out_for_delivery' WHEN 'out_for_delivery' THEN 'delivered'
                            WHEN 'delivered' THEN 'failed' ELSE 'pending' END, 'bench', now())
            FROM (SELECT id, status FROM delivery ORDER BY random() LIMIT $changes) d) s" >/dev/null
    catchup=$(seconds "$binary" render --store "$url" --replica "$replica")
    echo "run $run: first sync of $count deliveries ${first}; nothing to catch up ${nothing}; catch-up after $changes changes ${catchup}; load $(cut -d' ' -f1-3 /proc/loadavg)"
done
