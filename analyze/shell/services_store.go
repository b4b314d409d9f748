package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Key-value and configuration stores: Redis (and its forks), etcd, Consul.

var (
	svcRedisFlush = &rule.Rule{
		ID: "shell.redis.flush", Category: rule.Database, Points: svcLose,
		Summary:     "Deletes every key of a Redis database (FLUSHDB) or of the whole server (FLUSHALL).",
		Alternative: "delete only the keys you mean, by pattern: redis-cli --scan --pattern 'cache:*' and review the list first; or BGSAVE before",
		Match:       []string{"redis-cli FLUSHALL", "redis-cli -h cache.internal -n 2 flushdb", "redis-cli flushall async", "valkey-cli FLUSHALL"},
		NoMatch:     []string{"redis-cli INFO", "redis-cli GET session:1", "redis-cli --scan --pattern 'cache:*'"},
	}
	svcRedisDelete = &rule.Rule{
		ID: "shell.redis.delete", Category: rule.Database, Points: svcChange,
		Summary:     "Deletes Redis keys.",
		Alternative: "list the keys first (redis-cli --scan --pattern …) and check the count",
		Match:       []string{"redis-cli DEL session:1", "redis-cli --scan --pattern 'cache:*' | xargs redis-cli DEL", "redis-cli unlink a b c d"},
		NoMatch:     []string{"redis-cli EXISTS session:1", "redis-cli TTL session:1"},
	}
	svcRedisConfig = &rule.Rule{
		ID: "shell.redis.config", Category: rule.Configuration, Points: svcChange,
		Summary:     "Changes a running Redis server's configuration (memory, persistence, eviction…).",
		Alternative: "change redis.conf through your configuration management and restart deliberately",
		Match:       []string{"redis-cli CONFIG SET maxmemory 100mb", "redis-cli config set save ''", "redis-cli CONFIG REWRITE"},
		NoMatch:     []string{"redis-cli CONFIG GET maxmemory"},
	}
	svcRedisHijack = &rule.Rule{
		ID: "shell.redis.write-anywhere", Category: rule.UnauthorizedAccess, Points: 110,
		Summary: "Points Redis's dump file at a system, cron or SSH directory: the classic way to plant a key or a job through Redis.",
		Match:   []string{"redis-cli CONFIG SET dir /root/.ssh", "redis-cli -h 10.0.0.5 config set dbfilename authorized_keys", "redis-cli CONFIG SET dir /var/spool/cron"},
		NoMatch: []string{"redis-cli CONFIG SET dir /var/lib/redis", "redis-cli CONFIG GET dir"},
	}
	svcRedisNoAuth = &rule.Rule{
		ID: "shell.redis.disable-auth", Category: rule.SecurityBypass, Points: 110,
		Summary: "Removes Redis's password or protected mode: anyone who can reach the port can then read and change everything.",
		Match:   []string{`redis-cli CONFIG SET requirepass ""`, "redis-cli CONFIG SET protected-mode no"},
		NoMatch: []string{"redis-cli CONFIG SET requirepass s3cr3t-value", "redis-cli CONFIG GET protected-mode"},
	}
	svcRedisReplicaOf = &rule.Rule{
		ID: "shell.redis.replicaof", Category: rule.Database, Points: svcLose,
		Summary:     "Makes a Redis server a replica of another: it throws its own data away and copies the other's.",
		Alternative: "check which server is the primary first (INFO replication) and snapshot this one (BGSAVE)",
		Match:       []string{"redis-cli REPLICAOF 10.0.0.9 6379", "redis-cli slaveof other-host 6379"},
		NoMatch:     []string{"redis-cli INFO replication"},
	}
	svcRedisAdmin = &rule.Rule{
		ID: "shell.redis.admin", Category: rule.Database, Points: svcConfirm,
		Summary:     "Changes Redis's users, scripts or connections (ACL, SCRIPT FLUSH, FUNCTION DELETE, CLIENT KILL, SWAPDB).",
		Alternative: "list first (ACL LIST, SCRIPT EXISTS, CLIENT LIST) and change one item at a time",
		Match:       []string{"redis-cli SCRIPT FLUSH", "redis-cli ACL DELUSER reporting", "redis-cli FUNCTION FLUSH", "redis-cli CLIENT KILL TYPE normal"},
		NoMatch:     []string{"redis-cli ACL LIST", "redis-cli CLIENT LIST", "redis-cli SCRIPT EXISTS abc"},
	}

	svcEtcdDelete = &rule.Rule{
		ID: "shell.etcd.delete", Category: rule.Database, Points: svcConfirm,
		Summary:     "Deletes keys from etcd (with --prefix, every key under the prefix; with an empty prefix, everything).",
		Alternative: "list first with the same arguments: etcdctl get --prefix --keys-only …; take a snapshot (etcdctl snapshot save)",
		Match:       []string{"etcdctl del /config/app/feature", "etcdctl del --prefix /registry/", `etcdctl del "" --prefix`, "etcdctl del --from-key ''"},
		NoMatch:     []string{"etcdctl get --prefix /config", "etcdctl put /config/a 1", "etcdctl member list"},
	}
	svcEtcdCluster = &rule.Rule{
		ID: "shell.etcd.cluster", Category: rule.Infrastructure, Points: svcChange,
		Summary:     "Changes the etcd cluster itself: removes a member, deletes users or roles, compacts history, disarms alarms.",
		Alternative: "snapshot first (etcdctl snapshot save) and check etcdctl endpoint status",
		Match:       []string{"etcdctl member remove 8e9e05c52164694d", "etcdctl user delete app", "etcdctl compact 12345"},
		NoMatch:     []string{"etcdctl member list", "etcdctl user list", "etcdctl endpoint health"},
	}
	svcEtcdAuthOff = &rule.Rule{
		ID: "shell.etcd.auth-disable", Category: rule.SecurityBypass, Points: 110,
		Summary: "Switches etcd authentication off: anyone who can reach it can read and change every key.",
		Match:   []string{"etcdctl auth disable"},
		NoMatch: []string{"etcdctl auth status", "etcdctl auth enable"},
	}
	svcConsulKVDelete = &rule.Rule{
		ID: "shell.consul.kv-delete", Category: rule.Database, Points: svcConfirm,
		Summary:     "Deletes keys from Consul's key-value store (with -recurse, everything under the prefix).",
		Alternative: "export first: consul kv export <prefix> > backup.json",
		Match:       []string{"consul kv delete config/app/flag", "consul kv delete -recurse config/app", "consul kv delete -recurse"},
		NoMatch:     []string{"consul kv get -recurse config/app", "consul kv put config/app/flag on", "consul kv export config"},
	}
	svcConsulAdmin = &rule.Rule{
		ID: "shell.consul.admin", Category: rule.Infrastructure, Points: svcChange,
		Summary:     "Changes the Consul cluster: deletes ACL tokens or policies, removes servers, restores a snapshot, deregisters services.",
		Alternative: "take a snapshot first (consul snapshot save) and check consul members / consul operator raft list-peers",
		Match: []string{"consul acl token delete -id 4f7c…", "consul operator raft remove-peer -address=10.0.0.4:8300", "consul snapshot restore backup.snap",
			"consul services deregister -id web-1", "consul force-leave node-3"},
		NoMatch: []string{"consul members", "consul acl token list", "consul operator raft list-peers", "consul snapshot save backup.snap"},
	}
)

var svcStoreRules = []*rule.Rule{
	svcRedisFlush, svcRedisDelete, svcRedisConfig, svcRedisHijack, svcRedisNoAuth, svcRedisReplicaOf, svcRedisAdmin,
	svcEtcdDelete, svcEtcdCluster, svcEtcdAuthOff, svcConsulKVDelete, svcConsulAdmin,
}

func svcStoreHandlers() map[string]handler {
	return map[string]handler{
		"redis-cli": svcRedis, "valkey-cli": svcRedis, "keydb-cli": svcRedis, "dragonfly-cli": svcRedis,
		"etcdctl": svcEtcd, "consul": svcConsul,
	}
}

// svcRedisRead are Redis commands that only read.
var svcRedisRead = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"GET": true, "MGET": true, "EXISTS": true, "TTL": true, "PTTL": true, "TYPE": true, "KEYS": true, "SCAN": true, "HGET": true, "HGETALL": true, "HMGET": true,
		"HKEYS": true, "HVALS": true, "HLEN": true, "HSCAN": true, "LRANGE": true, "LLEN": true, "LINDEX": true, "SMEMBERS": true, "SCARD": true, "SISMEMBER": true,
		"SSCAN": true, "ZRANGE": true, "ZRANGEBYSCORE": true, "ZREVRANGE": true, "ZCARD": true, "ZSCORE": true, "ZSCAN": true, "ZCOUNT": true, "ZRANK": true,
		"STRLEN": true, "GETRANGE": true, "INFO": true, "PING": true, "DBSIZE": true, "MONITOR": true, "SUBSCRIBE": true, "PSUBSCRIBE": true, "TIME": true,
		"LASTSAVE": true, "SLOWLOG": true, "LATENCY": true, "MEMORY": true, "OBJECT": true, "DUMP": true, "RANDOMKEY": true, "ROLE": true, "LOLWUT": true,
		"COMMAND": true, "ECHO": true, "XRANGE": true, "XREVRANGE": true, "XLEN": true, "XINFO": true, "XREAD": true, "PFCOUNT": true, "GEOPOS": true, "GEODIST": true,
		"GEOSEARCH": true, "BITCOUNT": true, "GETBIT": true, "JSON.GET": true, "FT.SEARCH": true, "FT.INFO": true, "TS.GET": true, "TS.RANGE": true, "HELLO": true,
		"AUTH": true, "SELECT": true, "CLUSTER": true, "MODULE": true, "LPOS": true, "SRANDMEMBER": true, "ZRANDMEMBER": true, "HRANDFIELD": true, "SINTER": true,
		"SUNION": true, "SDIFF": true, "SMISMEMBER": true, "ZMSCORE": true, "HEXISTS": true, "HSTRLEN": true, "EXPIRETIME": true, "PEXPIRETIME": true, "SORT_RO": true,
	}
})

func svcRedis(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--version", "-v") {
		return
	}
	if v, ok := c.Flag("--cluster"); ok {
		// redis-cli --cluster call host:port FLUSHALL runs a command on every node.
		words := c.Positional()
		switch svcLower(v) {
		case "call":
			if len(words) >= 2 {
				svcRedisCommand(c, r, words[1:], "on every node of the cluster at "+words[0], words[0])
			}
		case "del-node", "reshard", "rebalance", "fix", "import", "set-timeout", "add-node", "create":
			r.mutates()
			r.add(c.find(svcRedisAdmin, "Changes the Redis cluster's layout ("+v+"): slots and data move between nodes.").WithPoints(svcChange))
		}
		return
	}
	if c.Has("--eval") {
		r.mutates()
		return
	}
	if c.Has("--scan", "--bigkeys", "--memkeys", "--hotkeys", "--stat", "--latency", "--latency-history", "--latency-dist", "--rdb", "--functions-rdb", "--ldb") {
		return
	}
	if c.Has("--pipe") {
		r.mutates() // commands on standard input: svcRedisStdin
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		r.mutates() // an interactive session or commands on standard input
		return
	}
	where, host := svcRedisWhere(c)
	svcRedisCommand(c, r, words, where, host)
}

// svcRedisCommand judges one Redis command and its arguments; where says
// which server for a message ("on cache.internal"), host is its target.
func svcRedisCommand(c *Cmd, r *report, words []string, where, host string) {
	cmd := strings.ToUpper(words[0])
	args := words[1:]
	sub := strings.ToUpper(svcAt(args, 0))
	if svcRedisRead()[cmd] {
		return
	}
	r.mutates()
	on := ""
	if where != "" {
		on = " " + where
	}
	db, _ := c.Flag("-n")
	switch cmd {
	case "FLUSHALL":
		r.add(c.find(svcRedisFlush, "Deletes every key of every database of the Redis server"+on+".", svcTargets(host)...).WithPoints(svcDestroy))
	case "FLUSHDB":
		what := "the current Redis database"
		if db != "" {
			what = "Redis database " + db
		}
		r.add(c.find(svcRedisFlush, "Deletes every key of "+what+on+".", svcTargets(host)...))
	case "DEL", "UNLINK":
		many := len(args) == 0 || len(args) >= 3
		for _, a := range args {
			if strings.ContainsAny(a, "*?") || svcArgDynamic(c, a) {
				many = true
			}
		}
		if many {
			r.add(c.find(svcRedisDelete, "Deletes many Redis keys"+on+svcFromInput(args)+".", args...))
		} else {
			r.add(c.find(svcRedisDelete, "Deletes the Redis key"+svcPlural(len(args), " ", "s ")+svcList(args)+on+".", args...).WithPoints(svcSmall))
		}
	case "CONFIG":
		switch sub {
		case "SET":
			for i := 1; i+1 < len(args); i += 2 {
				k, v := svcLower(args[i]), args[i+1]
				switch {
				case k == "dir" && svcRedisDangerousDir(c, v):
					r.add(c.find(svcRedisHijack, "Makes Redis write its dump file into "+v+": a way to plant SSH keys or cron jobs through Redis.", v))
					return
				case k == "dbfilename" && svcRedisDangerousFile(v):
					r.add(c.find(svcRedisHijack, "Makes Redis write its dump file as "+v+": a way to plant SSH keys or cron jobs through Redis.", v))
					return
				case k == "requirepass" && v == "", k == "protected-mode" && svcFold(v, "no"):
					r.add(c.find(svcRedisNoAuth, "Removes the Redis server's protection ("+k+"): anyone who can reach the port can read and change everything."))
					return
				}
			}
			r.add(c.find(svcRedisConfig, "Changes the running Redis server's configuration"+on+" ("+strings.Join(args[1:], " ")+")."))
		case "REWRITE", "RESETSTAT":
			r.add(c.find(svcRedisConfig, "Rewrites the Redis server's configuration file with its running settings"+on+".").WithPoints(svcConfirm))
		}
	case "SHUTDOWN":
		msg := "Shuts the Redis server" + on + " down: every client loses its connection."
		f := c.find(svcDBShutdown, msg)
		if sub == "NOSAVE" {
			f = c.find(svcDBShutdown, "Shuts the Redis server"+on+" down without saving: whatever was not yet on disk is lost.").WithPoints(svcLose)
		}
		r.add(f)
	case "DEBUG":
		if svcIn(sub, "SEGFAULT", "CRASH-AND-RECOVER", "RESTART", "RELOAD", "SLEEP", "OOM", "PANIC", "FLUSHALL", "SET-ACTIVE-EXPIRE") {
			r.add(c.find(svcDBShutdown, "Crashes, stalls or restarts the Redis server"+on+" on purpose (DEBUG "+sub+")."))
		}
	case "REPLICAOF", "SLAVEOF":
		if sub == "NO" {
			r.add(c.find(svcRedisReplicaOf, "Promotes the Redis replica"+on+" to a primary.").WithPoints(svcConfirm))
			return
		}
		r.add(c.find(svcRedisReplicaOf, "Makes the Redis server"+on+" a replica of "+strings.Join(args, ":")+": its own data is thrown away and replaced by the other server's.", strings.Join(args, ":")))
	case "SCRIPT", "FUNCTION":
		if svcIn(sub, "FLUSH", "DELETE", "KILL", "RESTORE") {
			r.add(c.find(svcRedisAdmin, "Deletes or stops Redis server-side code ("+cmd+" "+sub+")"+on+"."))
		}
	case "ACL":
		if svcIn(sub, "DELUSER", "SETUSER", "LOAD", "SAVE") {
			pts := svcConfirm
			if sub == "SETUSER" && svcRedisGrantsAll(args) {
				pts = svcChange
			}
			r.add(c.find(svcRedisAdmin, "Changes Redis users (ACL "+sub+" "+strings.Join(args[1:], " ")+")"+on+".", args[1:]...).WithPoints(pts))
		}
	case "CLIENT":
		if sub == "KILL" {
			r.add(c.find(svcRedisAdmin, "Disconnects Redis clients"+on+"."))
		}
	case "SWAPDB", "MIGRATE", "MOVE":
		r.add(c.find(svcRedisAdmin, "Moves Redis data between databases or servers ("+cmd+")"+on+"."))
	case "FAILOVER", "CLUSTER":
		r.add(c.find(svcRedisAdmin, "Changes which Redis server is the primary ("+cmd+")"+on+".").WithPoints(svcChange))
	}
}

// svcArgDynamic reports whether a word of the command is only known at run
// time (a variable, a substitution, what xargs reads); it looks the word up
// in c.Args.
func svcArgDynamic(c *Cmd, word string) bool {
	for i, a := range c.Args {
		if a == word && i < len(c.Dynamic) && c.Dynamic[i] {
			return true
		}
	}
	return strings.Contains(word, "$(") || strings.HasPrefix(word, "$")
}

func svcFromInput(args []string) string {
	for _, a := range args {
		if strings.Contains(a, "stdin") || strings.HasPrefix(a, "$") {
			return " (the key names are read from the input, so how many is unknown)"
		}
	}
	if len(args) == 0 {
		return ""
	}
	return " (" + svcList(args) + ")"
}

func svcRedisDangerousDir(c *Cmd, dir string) bool {
	cl := c.Class(dir)
	l := svcLower(dir)
	return strings.Contains(l, ".ssh") || strings.Contains(l, "cron") || strings.HasPrefix(l, "/etc") || strings.HasPrefix(l, "/root") ||
		strings.HasPrefix(l, "/var/www") || strings.HasPrefix(l, "/usr") || strings.HasPrefix(l, "/bin") || strings.HasPrefix(l, "/boot") ||
		cl.Startup || cl.Home || cl.AgentSettings || cl.GitInternals
}

func svcRedisDangerousFile(name string) bool {
	l := svcLower(name)
	return strings.Contains(l, "authorized_keys") || l == "root" || strings.HasPrefix(l, ".bash") || l == ".profile" || l == ".zshrc" ||
		strings.HasSuffix(l, ".php") || strings.HasSuffix(l, ".jsp") || strings.HasSuffix(l, ".sh") || l == "crontab"
}

func svcRedisGrantsAll(args []string) bool {
	for _, a := range args {
		if svcFold(a, "allcommands", "+@all", "allkeys", "~*", "nopass") {
			return true
		}
	}
	return false
}

func svcEtcd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	words := c.Positional()
	sub, verb := svcAt(words, 0), svcAt(words, 1)
	switch sub {
	case "get", "watch", "version", "check", "endpoint", "":
		return
	case "del":
		r.mutates()
		key := svcAt(words, 1)
		prefix := c.Has("--prefix", "--prefix=true") || c.Has("--from-key", "--from-key=true")
		switch {
		case prefix && (key == "" || key == "/" || key == "\x00"):
			r.add(c.find(svcEtcdDelete, "Deletes every key in etcd (the prefix is empty): whatever uses this etcd, a Kubernetes cluster among others, loses its state.", "etcd").WithPoints(svcDestroy))
		case prefix:
			r.add(c.find(svcEtcdDelete, "Deletes every etcd key under "+key+".", key).WithPoints(svcLose))
		case key == "":
			r.add(c.find(svcEtcdDelete, "Deletes the etcd key \"\" (an empty name often means a mistake: with --prefix it would take everything).").WithPoints(svcConfirm))
		default:
			r.add(c.find(svcEtcdDelete, "Deletes the etcd key "+key+".", key))
		}
	case "member":
		if verb == "remove" {
			r.mutates()
			r.add(c.find(svcEtcdCluster, "Removes member "+svcQuote(svcAt(words, 2))+" from the etcd cluster: with too few members left it stops accepting writes.", svcAt(words, 2)).WithPoints(svcLose))
		} else if svcIn(verb, "add", "update", "promote") {
			r.mutates()
		}
	case "user", "role":
		switch verb {
		case "delete", "revoke-role", "revoke-permission", "revoke":
			r.mutates()
			r.add(c.find(svcEtcdCluster, "Deletes or restricts the etcd "+sub+" "+svcQuote(svcAt(words, 2))+": clients that use it are locked out.", svcAt(words, 2)))
		case "add", "grant-role", "grant-permission", "grant", "passwd":
			r.mutates()
		}
	case "auth":
		if verb == "disable" {
			r.mutates()
			r.add(c.find(svcEtcdAuthOff, ""))
		} else if verb == "enable" {
			r.mutates()
		}
	case "compact", "compaction":
		r.mutates()
		r.add(c.find(svcEtcdCluster, "Compacts etcd's history up to revision "+svcQuote(verb)+": older revisions can no longer be read or watched.").WithPoints(svcConfirm))
	case "alarm":
		if verb == "disarm" {
			r.mutates()
			r.add(c.find(svcEtcdCluster, "Disarms etcd's alarms (such as NOSPACE) without fixing their cause.").WithPoints(svcConfirm))
		}
	case "snapshot":
		if verb == "restore" || verb == "save" {
			r.mutates()
		}
	case "lease":
		if verb == "revoke" {
			r.mutates()
			r.add(c.find(svcEtcdDelete, "Revokes etcd lease "+svcQuote(svcAt(words, 2))+": every key attached to it is deleted.", svcAt(words, 2)))
		} else if verb == "grant" || verb == "keep-alive" {
			r.mutates()
		}
	default:
		r.mutates()
	}
}

func svcConsul(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	words := c.Positional()
	sub, verb := svcAt(words, 0), svcAt(words, 1)
	switch sub {
	case "kv":
		switch verb {
		case "delete":
			r.mutates()
			key := svcAt(words, 2)
			switch {
			case c.Has("-recurse", "--recurse") && (key == "" || key == "/"):
				r.add(c.find(svcConsulKVDelete, "Deletes every key in Consul's key-value store.", "consul kv").WithPoints(svcDestroy))
			case c.Has("-recurse", "--recurse"):
				r.add(c.find(svcConsulKVDelete, "Deletes every Consul key under "+key+".", key).WithPoints(svcLose))
			default:
				r.add(c.find(svcConsulKVDelete, "Deletes the Consul key "+svcQuote(key)+".", key))
			}
		case "put", "import":
			r.mutates()
		}
	case "acl":
		what := svcAt(words, 2)
		switch {
		case svcIn(verb, "token", "policy", "role", "auth-method", "binding-rule") && what == "delete":
			r.mutates()
			id, _ := c.Flag("-id", "-name", "-accessor-id")
			r.add(c.find(svcConsulAdmin, "Deletes the Consul ACL "+verb+" "+svcQuote(id)+": whatever uses it loses its access.", svcTargets(id)...))
		case verb == "bootstrap" || what == "create" || what == "update" || verb == "set-agent-token":
			r.mutates()
		}
	case "operator":
		if verb == "raft" && svcAt(words, 2) == "remove-peer" {
			r.mutates()
			addr, _ := c.Flag("-address", "-id")
			r.add(c.find(svcConsulAdmin, "Removes server "+svcQuote(addr)+" from Consul's Raft cluster: with too few left, Consul stops working.", svcTargets(addr)...).WithPoints(svcLose))
		} else if verb != "" && !svcIn(svcAt(words, 2), "list-peers", "get-config", "read", "list", "") {
			r.mutates()
		}
	case "snapshot":
		if verb == "restore" {
			r.mutates()
			r.add(c.find(svcConsulAdmin, "Replaces all of Consul's state (keys, ACLs, services) with the snapshot "+svcQuote(svcAt(words, 2))+".", svcAt(words, 2)).WithPoints(svcLose))
		} else if verb == "save" {
			r.mutates()
		}
	case "services":
		if verb == "deregister" {
			r.mutates()
			id, _ := c.Flag("-id")
			r.add(c.find(svcConsulAdmin, "Removes the service "+svcQuote(id)+" from Consul's catalog: others stop finding it.", svcTargets(id)...).WithPoints(svcConfirm))
		} else if verb == "register" {
			r.mutates()
		}
	case "force-leave", "leave":
		r.mutates()
		r.add(c.find(svcConsulAdmin, "Takes a node out of the Consul cluster ("+sub+" "+svcAt(words, 1)+").", svcTargets(svcAt(words, 1))...).WithPoints(svcConfirm))
	case "members", "info", "catalog", "monitor", "version", "validate", "watch", "rtt", "debug", "keygen", "tls", "":
	default:
		r.mutates()
	}
}
