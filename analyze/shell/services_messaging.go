package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Message brokers: RabbitMQ (rabbitmqctl, rabbitmqadmin, rabbitmq-queues) and
// NATS (JetStream streams, consumers, key-value and object stores). Deleting
// a queue or a stream loses every message in it. Kafka is in services_kafka.go.

var (
	svcRabbitDeleteData = &rule.Rule{
		ID: "shell.rabbitmq.delete-data", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes RabbitMQ messages: a virtual host, a queue, or a queue's content (purge).",
		Alternative: "stop the producers and let consumers drain the queue, or shovel its messages elsewhere first",
		Match: []string{"rabbitmqctl delete_vhost /prod", "rabbitmqctl purge_queue jobs", "rabbitmqadmin delete queue name=jobs", "rabbitmqadmin purge queue name=events",
			"rabbitmqctl delete_queue -p /prod jobs", "rabbitmqadmin delete queue --name jobs"},
		NoMatch: []string{"rabbitmqctl list_queues", "rabbitmqadmin list queues", "rabbitmqctl list_vhosts", "rabbitmqadmin get queue=jobs ackmode=ack_requeue_true"},
	}
	svcRabbitDelete = &rule.Rule{
		ID: "shell.rabbitmq.delete", Category: rule.Destructive, Points: svcLose,
		Summary:     "Deletes RabbitMQ exchanges, bindings, policies or parameters: messages stop being routed as before.",
		Alternative: "export the definitions first (rabbitmqctl export_definitions backup.json)",
		Match:       []string{"rabbitmqadmin delete exchange name=events", "rabbitmqadmin delete exchange name=amq.topic", "rabbitmqctl clear_policy ha-all", "rabbitmqadmin delete binding source=events destination=jobs"},
		NoMatch:     []string{"rabbitmqadmin list exchanges", "rabbitmqctl list_policies", "rabbitmqctl list_bindings"},
	}
	svcRabbitAccess = &rule.Rule{
		ID: "shell.rabbitmq.access", Category: rule.Permissions, Points: svcChange,
		Summary:     "Changes RabbitMQ users, passwords or permissions: applications using them may be locked out, or get more access.",
		Alternative: "list users and permissions first (rabbitmqctl list_users, list_permissions) and change one at a time",
		Match: []string{"rabbitmqctl delete_user deployer", "rabbitmqctl clear_permissions -p /prod deployer", "rabbitmqctl change_password ci-bot s3cret",
			`rabbitmqctl set_permissions -p /prod ci-bot ".*" ".*" ".*"`, "rabbitmqctl set_user_tags ci-bot administrator", "rabbitmqadmin delete user name=ci-bot"},
		NoMatch: []string{"rabbitmqctl list_users", "rabbitmqctl list_permissions -p /prod"},
	}
	svcRabbitReset = &rule.Rule{
		ID: "shell.rabbitmq.reset", Category: rule.Destructive, Points: 100,
		Summary:     "Resets a RabbitMQ node (every virtual host, user, queue and message on it is gone) or removes a node from the cluster.",
		Alternative: "export the definitions first (rabbitmqctl export_definitions) and make sure the queues are replicated elsewhere",
		Match:       []string{"rabbitmqctl reset", "rabbitmqctl force_reset", "rabbitmqctl forget_cluster_node rabbit@node3"},
		NoMatch:     []string{"rabbitmqctl cluster_status", "rabbitmqctl status"},
	}
	svcRabbitStop = &rule.Rule{
		ID: "shell.rabbitmq.stop", Category: rule.Infrastructure, Points: svcChange,
		Summary:     "Stops a RabbitMQ node or closes its client connections: producers and consumers are cut off.",
		Alternative: "drain the node first (rabbitmq-upgrade drain) and stop it through its service manager",
		Match:       []string{"rabbitmqctl stop_app", "rabbitmqctl stop", "rabbitmqctl close_all_connections 'maintenance'"},
		NoMatch:     []string{"rabbitmqctl start_app", "rabbitmq-diagnostics ping", "rabbitmqctl list_connections"},
	}
	svcRabbitEval = &rule.Rule{
		ID: "shell.rabbitmq.eval", Category: rule.Execution, Points: svcLose,
		Summary:     "Runs arbitrary Erlang code inside a RabbitMQ node.",
		Alternative: "use the rabbitmqctl or rabbitmq-diagnostics command made for the task",
		Match:       []string{`rabbitmqctl eval 'rabbit_amqqueue:delete_all().'`},
		NoMatch:     []string{"rabbitmqctl environment"},
	}

	svcNatsStreamDelete = &rule.Rule{
		ID: "shell.nats.stream-delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes or purges a NATS JetStream stream (or a key-value or object bucket) with every message in it.",
		Alternative: "back the stream up first: nats stream backup STREAM ./backup",
		Match:       []string{"nats stream delete ORDERS", "nats stream purge PAYMENTS", "nats stream rm ORDERS -f", "nats kv purge CONFIG", "nats bucket delete CONFIG", "nats kv del CONFIG", "nats object rm ASSETS -f"},
		NoMatch:     []string{"nats stream list", "nats stream info ORDERS", "nats kv ls CONFIG", "nats bucket list", "nats object ls ASSETS"},
	}
	svcNatsConsumerDelete = &rule.Rule{
		ID: "shell.nats.consumer-delete", Category: rule.Destructive, Points: svcChange,
		Summary:     "Deletes a NATS JetStream consumer and the delivery state it kept.",
		Alternative: "note its configuration first (nats consumer info STREAM NAME --json) so it can be recreated",
		Match:       []string{"nats consumer delete ORDERS CONSUMER1", "nats consumer rm PAYMENTS CONSUMER2 -f", "nats con del ORDERS C1"},
		NoMatch:     []string{"nats consumer list ORDERS", "nats consumer info ORDERS CONSUMER1"},
	}
	svcNatsKVDelete = &rule.Rule{
		ID: "shell.nats.kv-delete", Category: rule.Destructive, Points: svcConfirm,
		Summary:     "Deletes keys from a NATS key-value or object store (with --purge or kv purge, their history too).",
		Alternative: "read the value and its history first (nats kv history BUCKET KEY)",
		Match:       []string{"nats kv del CONFIG api-key", "nats kv del CONFIG api-key --purge", "nats kv purge CONFIG secrets", "nats object del ASSETS logo.png"},
		NoMatch:     []string{"nats kv get CONFIG api-key", "nats kv history CONFIG api-key", "nats object get ASSETS logo.png"},
	}
	svcNatsStreamChange = &rule.Rule{
		ID: "shell.nats.stream-change", Category: rule.Infrastructure, Points: svcConfirm,
		Summary:     "Changes a NATS JetStream stream: removes a message, edits its limits, restores it, or moves its cluster leader or peers.",
		Alternative: "look at the stream first (nats stream info) and back it up (nats stream backup)",
		Match:       []string{"nats stream rmm ORDERS 42 -f", "nats stream edit ORDERS --max-age 1h", "nats stream cluster peer-remove ORDERS n2"},
		NoMatch:     []string{"nats stream report", "nats stream view ORDERS"},
	}
)

var svcMessagingRules = []*rule.Rule{
	svcRabbitDeleteData, svcRabbitDelete, svcRabbitAccess, svcRabbitReset, svcRabbitStop, svcRabbitEval,
	svcNatsStreamDelete, svcNatsConsumerDelete, svcNatsKVDelete, svcNatsStreamChange,
}

func svcMessagingHandlers() map[string]handler {
	return map[string]handler{
		"rabbitmqctl": svcRabbitCtl, "rabbitmqadmin": svcRabbitAdmin, "nats": svcNats,
		"rabbitmq-queues": svcRabbitQueues, "rabbitmq-upgrade": svcRabbitQueues, "rabbitmq-streams": svcRabbitQueues,
	}
}

func svcIf(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

func svcRabbitCtl(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	cmd := strings.ReplaceAll(svcAt(w, 0), "-", "_")
	arg := svcAt(w, 1)
	vhost, _ := c.Flag("-p", "--vhost")
	in := ""
	if vhost != "" {
		in = " in virtual host " + vhost
	}
	switch {
	case cmd == "" || strings.HasPrefix(cmd, "list_") || svcIn(cmd, "status", "cluster_status", "environment", "report", "node_health_check", "ping", "version",
		"await_startup", "await_online_nodes", "authenticate_user", "eval_file_exists", "export_definitions", "help", "list"):
		if cmd == "export_definitions" {
			r.mutates()
		}
		return
	case cmd == "delete_vhost":
		r.mutates()
		r.add(c.find(svcRabbitDeleteData, "Deletes the RabbitMQ virtual host "+svcQuote(arg)+" with every queue, exchange and message in it.", arg))
	case cmd == "delete_queue":
		r.mutates()
		r.add(c.find(svcRabbitDeleteData, "Deletes the RabbitMQ queue "+svcQuote(arg)+in+" and the messages in it.", svcTargets(arg, vhost)...))
	case cmd == "purge_queue":
		r.mutates()
		r.add(c.find(svcRabbitDeleteData, "Deletes every message waiting in the RabbitMQ queue "+svcQuote(arg)+in+".", svcTargets(arg, vhost)...))
	case svcIn(cmd, "delete_user", "clear_password", "change_password", "clear_permissions", "clear_topic_permissions", "clear_user_limits"):
		r.mutates()
		what := map[string]string{
			"delete_user": "Deletes the RabbitMQ user %s: applications that connect as it are refused.", "clear_password": "Removes the password of RabbitMQ user %s.",
			"change_password":   "Changes the password of RabbitMQ user %s: applications still using the old one are refused.",
			"clear_permissions": "Takes away RabbitMQ user %s's permissions" + in + ".", "clear_topic_permissions": "Takes away RabbitMQ user %s's topic permissions" + in + ".",
			"clear_user_limits": "Removes the connection limits of RabbitMQ user %s.",
		}[cmd]
		r.add(c.find(svcRabbitAccess, strings.Replace(what, "%s", svcQuote(arg), 1), svcTargets(arg, vhost)...))
	case cmd == "set_permissions" || cmd == "set_topic_permissions":
		r.mutates()
		r.add(c.find(svcRabbitAccess, "Sets RabbitMQ user "+svcQuote(arg)+"'s permissions"+in+" ("+strings.Join(svcFrom(w, 2), " ")+").", svcTargets(arg, vhost)...).WithPoints(svcConfirm))
	case cmd == "set_user_tags":
		r.mutates()
		f := c.find(svcRabbitAccess, "Changes RabbitMQ user "+svcQuote(arg)+"'s tags ("+strings.Join(svcFrom(w, 2), " ")+").", arg).WithPoints(svcConfirm)
		for _, t := range svcFrom(w, 2) {
			if t == "administrator" {
				f = c.find(svcRabbitAccess, "Makes RabbitMQ user "+svcQuote(arg)+" an administrator of the broker.", arg).WithPoints(svcLose)
			}
		}
		r.add(f)
	case cmd == "reset" || cmd == "force_reset":
		r.mutates()
		r.add(c.find(svcRabbitReset, "Resets this RabbitMQ node: every virtual host, user, queue and message on it is deleted."))
	case cmd == "forget_cluster_node":
		r.mutates()
		r.add(c.find(svcRabbitReset, "Removes "+svcQuote(arg)+" from the RabbitMQ cluster: queues that lived only on it are lost.", arg).WithPoints(svcLose))
	case svcIn(cmd, "stop_app", "stop", "shutdown", "force_boot", "rename_cluster_node"):
		r.mutates()
		r.add(c.find(svcRabbitStop, "Stops the RabbitMQ node ("+cmd+"): its producers and consumers are cut off."))
	case svcIn(cmd, "close_all_connections", "close_connection", "close_all_user_connections"):
		r.mutates()
		r.add(c.find(svcRabbitStop, "Closes RabbitMQ client connections ("+cmd+"): clients must reconnect.").WithPoints(svcConfirm))
	case svcIn(cmd, "clear_policy", "clear_operator_policy", "clear_parameter", "clear_global_parameter", "clear_vhost_limits", "delete_shovel",
		"set_policy", "set_operator_policy", "set_vhost_limits", "set_user_limits", "set_parameter", "set_global_parameter", "import_definitions"):
		r.mutates()
		r.add(c.find(svcRabbitDelete, "Changes RabbitMQ's policies or definitions ("+cmd+" "+arg+")"+in+": queues may start dropping, expiring or routing messages differently.", svcTargets(arg, vhost)...).WithPoints(svcConfirm))
	case cmd == "eval":
		r.mutates()
		r.add(c.find(svcRabbitEval, "Runs Erlang code inside the RabbitMQ node: "+truncateText(arg, 80)))
	default:
		r.mutates()
	}
}

func svcRabbitAdmin(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	verb, obj := svcAt(w, 0), svcAt(w, 1)
	// rabbitmqadmin v2 also accepts "queues delete": put the verb first.
	if svcIn(obj, "delete", "purge", "declare", "list", "show", "close") {
		verb, obj = obj, strings.TrimSuffix(verb, "s")
	}
	name := ""
	for _, a := range svcFrom(w, 2) {
		if v, ok := strings.CutPrefix(a, "name="); ok {
			name = v
		}
	}
	if v, ok := c.Flag("--name"); ok && name == "" {
		name = v
	}
	vhost, _ := c.Flag("-V", "--vhost")
	in := ""
	if vhost != "" {
		in = " in virtual host " + vhost
	}
	switch verb {
	case "list", "show", "help", "":
		return
	case "delete":
		r.mutates()
		switch obj {
		case "queue":
			r.add(c.find(svcRabbitDeleteData, "Deletes the RabbitMQ queue "+svcQuote(name)+in+" and the messages in it.", svcTargets(name, vhost)...))
		case "vhost":
			r.add(c.find(svcRabbitDeleteData, "Deletes the RabbitMQ virtual host "+svcQuote(name)+" with every queue, exchange and message in it.", svcTargets(name)...))
		case "exchange":
			r.add(c.find(svcRabbitDelete, "Deletes the RabbitMQ exchange "+svcQuote(name)+in+" and its bindings: messages published to it are no longer routed.", svcTargets(name, vhost)...))
		case "binding":
			r.add(c.find(svcRabbitDelete, "Deletes a RabbitMQ binding"+in+": messages stop reaching that queue.", svcTargets(vhost)...).WithPoints(svcChange))
		case "user", "permission", "permissions", "topic_permission":
			r.add(c.find(svcRabbitAccess, "Deletes the RabbitMQ "+obj+" "+svcQuote(name)+in+".", svcTargets(name, vhost)...))
		default:
			r.add(c.find(svcRabbitDelete, "Deletes the RabbitMQ "+obj+" "+svcQuote(name)+in+".", svcTargets(name, vhost)...).WithPoints(svcConfirm))
		}
	case "purge":
		r.mutates()
		r.add(c.find(svcRabbitDeleteData, "Deletes every message waiting in the RabbitMQ queue "+svcQuote(name)+in+".", svcTargets(name, vhost)...))
	case "close":
		r.mutates()
		r.add(c.find(svcRabbitStop, "Closes RabbitMQ client connections: clients must reconnect.").WithPoints(svcConfirm))
	case "get":
		ack, _ := c.Flag("--ackmode")
		for _, a := range w {
			if v, ok := strings.CutPrefix(a, "ackmode="); ok {
				ack = v
			}
		}
		if strings.Contains(ack, "requeue_false") || ack == "ack" || ack == "reject_requeue_false" {
			r.mutates()
			r.add(c.find(svcRabbitDeleteData, "Takes messages off a RabbitMQ queue for good (ackmode "+ack+").").WithPoints(svcChange))
		}
	default:
		r.mutates()
	}
}

func svcNats(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	noun, verb := svcAt(w, 0), svcAt(w, 1)
	a, b := svcAt(w, 2), svcAt(w, 3)
	del := svcIn(verb, "rm", "delete", "del", "remove")
	switch noun {
	case "stream", "str":
		switch {
		case del:
			r.mutates()
			r.add(c.find(svcNatsStreamDelete, "Deletes the JetStream stream "+svcQuote(a)+" and every message in it.", a))
		case verb == "purge":
			r.mutates()
			f := c.find(svcNatsStreamDelete, "Deletes every message of the JetStream stream "+svcQuote(a)+".", a)
			if c.Has("--subject", "--seq", "--keep") {
				f = c.find(svcNatsStreamDelete, "Deletes part of the messages of the JetStream stream "+svcQuote(a)+".", a).WithPoints(svcLose)
			}
			r.add(f)
		case verb == "rmm":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Deletes message "+svcQuote(b)+" from the JetStream stream "+svcQuote(a)+".", a))
		case verb == "edit":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Changes the JetStream stream "+svcQuote(a)+"; tighter limits delete the messages beyond them.", a))
		case verb == "seal":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Seals the JetStream stream "+svcQuote(a)+": it can never be written, purged or changed again.", a))
		case verb == "cluster" && a == "peer-remove":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Removes a peer from the JetStream stream "+svcQuote(b)+"'s replicas.", b).WithPoints(svcChange))
		case verb == "cluster" && a == "step-down":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Moves the leadership of the JetStream stream "+svcQuote(b)+" to another server.", b))
		case svcIn(verb, "add", "create", "new", "copy", "cp", "backup", "restore", "update"):
			r.mutates()
		}
	case "consumer", "con", "obs":
		switch {
		case del:
			r.mutates()
			r.add(c.find(svcNatsConsumerDelete, "Deletes the JetStream consumer "+svcQuote(b)+" of stream "+svcQuote(a)+" and the delivery state it kept.", svcTargets(a, b)...))
		case svcIn(verb, "add", "create", "new", "copy", "cp", "edit", "next", "sub", "pause", "resume", "unpin"):
			r.mutates()
		case verb == "cluster" && a == "step-down":
			r.mutates()
			r.add(c.find(svcNatsStreamChange, "Moves the leadership of a JetStream consumer to another server.", b))
		}
	case "kv", "object", "obj", "bucket":
		store := "key-value"
		if noun != "kv" {
			store = "object"
		}
		if noun == "bucket" {
			store = "key-value"
		}
		switch {
		case (del || verb == "purge") && (b == "" || noun == "bucket"):
			r.mutates()
			what := "Deletes the NATS " + store + " bucket " + svcQuote(a) + " and everything in it."
			if verb == "purge" {
				what = "Purges every entry of the NATS " + store + " bucket " + svcQuote(a) + "."
			}
			r.add(c.find(svcNatsStreamDelete, what, a))
		case verb == "purge" || del && c.Has("--purge"):
			r.mutates()
			r.add(c.find(svcNatsKVDelete, "Deletes "+svcQuote(b)+" from the NATS "+store+" bucket "+svcQuote(a)+" together with its history.", svcTargets(a, b)...).WithPoints(svcLose))
		case del:
			r.mutates()
			r.add(c.find(svcNatsKVDelete, "Deletes "+svcQuote(b)+" from the NATS "+store+" bucket "+svcQuote(a)+" (its history remains).", svcTargets(a, b)...))
		case svcIn(verb, "put", "add", "create", "new", "update", "edit", "compact", "seal", "restore"):
			r.mutates()
		}
	case "pub", "publish", "req", "request", "bench", "reply", "server", "account", "context", "ctx", "auth", "micro", "schema":
		if noun == "server" || noun == "account" || noun == "context" || noun == "ctx" || noun == "auth" || noun == "micro" || noun == "schema" {
			if svcIn(verb, "list", "ls", "info", "ping", "report", "request", "req", "check", "show", "mapping", "graph", "validate", "search", "tls", "") {
				return
			}
		}
		r.mutates()
	}
}

// svcRabbitQueues handles rabbitmq-queues, rabbitmq-streams and rabbitmq-upgrade.
func svcRabbitQueues(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	cmd := strings.ReplaceAll(svcAt(w, 0), "-", "_")
	switch {
	case svcIn(cmd, "delete_member", "shrink", "delete_replica", "force_checkpoint", "force_reset", "delete_stream_replica"):
		r.mutates()
		r.add(c.find(svcRabbitStop, "Removes queue replicas from a RabbitMQ node ("+cmd+" "+strings.Join(w[1:], " ")+"): the queues lose redundancy.", w[1:]...))
	case svcIn(cmd, "drain"):
		r.mutates()
		r.add(c.find(svcRabbitStop, "Puts the RabbitMQ node in maintenance mode: its clients are disconnected and its queue leaders move away.").WithPoints(svcConfirm))
	case svcIn(cmd, "grow", "rebalance", "add_member", "add_replica", "revive", "post_upgrade", "await_online_quorum_plus_one", "await_online_synchronized_mirror"):
		if !strings.HasPrefix(cmd, "await") {
			r.mutates()
		}
	}
}
