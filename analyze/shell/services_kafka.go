package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Kafka: the kafka-*.sh tools (with or without the .sh suffix), Redpanda's
// rpk and Confluent's CLI. Deleting a topic or records loses the messages;
// resetting or deleting a consumer group's offsets makes consumers skip or
// repeat work; ACLs and configuration (retention above all) decide who reads
// what and when messages are deleted.

var (
	svcKafkaTopicDelete = &rule.Rule{
		ID: "shell.kafka.topic-delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes Kafka topics and every message in them.",
		Alternative: "lower the topic's retention or stop its producers first; mirror it (MirrorMaker) if the data may be needed",
		Match: []string{"kafka-topics --bootstrap-server localhost:9092 --delete --topic payments", "kafka-topics.sh --bootstrap-server kafka:9092 --delete --topic orders",
			"rpk topic delete orders", "confluent kafka topic delete orders --cluster lkc-123", "kafka-topics --bootstrap-server localhost:9092 --delete --topic __consumer_offsets"},
		NoMatch: []string{"kafka-topics --bootstrap-server localhost:9092 --list", "kafka-topics --bootstrap-server localhost:9092 --describe --topic logs",
			"kafka-topics --bootstrap-server localhost:9092 --create --topic new-topic --partitions 3 --replication-factor 1", "rpk topic list"},
	}
	svcKafkaTopicDeleteAll = &rule.Rule{
		ID: "shell.kafka.topic-delete-all", Category: rule.MassDestruction, Points: 120,
		Summary:     "Deletes every Kafka topic (a catch-all pattern) or a whole Kafka cluster.",
		Alternative: "name the topics to delete one by one after listing them",
		Match:       []string{"kafka-topics --bootstrap-server localhost:9092 --delete --topic '.*'", "kafka-topics.sh --bootstrap-server k:9092 --delete --topic '*'", "rpk topic delete -r '.*'", "confluent kafka cluster delete lkc-123"},
		NoMatch:     []string{"kafka-topics --bootstrap-server localhost:9092 --delete --topic payments", "confluent kafka cluster list"},
	}
	svcKafkaDeleteRecords = &rule.Rule{
		ID: "shell.kafka.delete-records", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes Kafka records before the given offsets: consumers can never read them again.",
		Alternative: "let retention expire them, or copy the partition first",
		Match:       []string{"kafka-delete-records --bootstrap-server localhost:9092 --offset-json-file offsets.json", "kafka-delete-records.sh --bootstrap-server k:9092 --offset-json-file o.json", "rpk topic trim-prefix orders -p 0 -o 1000"},
		NoMatch:     []string{"kafka-delete-records --help"},
	}
	svcKafkaGroupDelete = &rule.Rule{
		ID: "shell.kafka.consumer-group-delete", Category: rule.Destructive, Points: svcChange,
		Summary:     "Deletes Kafka consumer groups or their stored offsets: the consumers start over from their reset policy.",
		Alternative: "describe the group first (--describe --group) and export its offsets",
		Match:       []string{"kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group billing", "kafka-consumer-groups.sh --bootstrap-server k:9092 --delete-offsets --group billing --topic orders", "rpk group delete billing"},
		NoMatch:     []string{"kafka-consumer-groups --bootstrap-server localhost:9092 --list", "kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group billing", "rpk group list"},
	}
	svcKafkaOffsetsReset = &rule.Rule{
		ID: "shell.kafka.offsets-reset", Category: rule.Destructive, Points: svcChange,
		Summary:     "Moves a consumer group's offsets: its consumers skip messages or process them again.",
		Alternative: "run the same command without --execute (a dry run) and read the planned offsets first",
		Match: []string{"kafka-consumer-groups --bootstrap-server localhost:9092 --group billing --reset-offsets --to-earliest --topic orders --execute",
			"kafka-streams-application-reset --application-id orders-app --bootstrap-server k:9092", "rpk group seek billing --to start"},
		NoMatch: []string{"kafka-consumer-groups --bootstrap-server localhost:9092 --group billing --reset-offsets --to-earliest --topic orders",
			"kafka-consumer-groups --bootstrap-server localhost:9092 --group billing --reset-offsets --to-earliest --topic orders --dry-run"},
	}
	svcKafkaACL = &rule.Rule{
		ID: "shell.kafka.acl", Category: rule.Permissions, Points: svcChange,
		Summary:     "Changes who may read or write Kafka topics (removing ACLs locks clients out; adding them opens access).",
		Alternative: "list the ACLs first (kafka-acls --list) and change one principal at a time",
		Match: []string{"kafka-acls --bootstrap-server localhost:9092 --remove --topic payments --operation All",
			"kafka-acls --bootstrap-server localhost:9092 --add --allow-principal User:reporting --operation Read --topic payments", "rpk acl delete --allow-principal User:bob --operation all --topic orders"},
		NoMatch: []string{"kafka-acls --bootstrap-server localhost:9092 --list", "rpk acl list"},
	}
	svcKafkaConfig = &rule.Rule{
		ID: "shell.kafka.config-alter", Category: rule.Configuration, Points: svcChange,
		Summary:     "Changes Kafka topic, broker or user configuration (retention settings decide when messages are deleted).",
		Alternative: "describe the current configuration first (kafka-configs --describe) and keep it to restore",
		Match: []string{"kafka-configs --bootstrap-server localhost:9092 --alter --delete-config retention.ms --entity-type topics --entity-name logs",
			"kafka-configs --bootstrap-server localhost:9092 --alter --add-config retention.ms=1000 --entity-type topics --entity-name logs", "rpk topic alter-config orders --set retention.ms=1000"},
		NoMatch: []string{"kafka-configs --bootstrap-server localhost:9092 --describe --entity-type topics --entity-name logs", "rpk topic describe orders"},
	}
	svcKafkaCluster = &rule.Rule{
		ID: "shell.kafka.cluster", Category: rule.Infrastructure, Points: svcConfirm,
		Summary:     "Changes a Kafka cluster's layout: partitions, replica assignment, leaders, or formats a broker's storage.",
		Alternative: "generate and verify the plan first (--generate, --verify) and run it at a quiet moment",
		Match: []string{"kafka-topics --bootstrap-server localhost:9092 --alter --topic orders --partitions 12",
			"kafka-reassign-partitions --bootstrap-server k:9092 --reassignment-json-file plan.json --execute", "kafka-storage format -t abc -c server.properties"},
		NoMatch: []string{"kafka-reassign-partitions --bootstrap-server k:9092 --reassignment-json-file plan.json --verify", "kafka-storage random-uuid", "kafka-broker-api-versions --bootstrap-server localhost:9092"},
	}
)

var svcKafkaRules = []*rule.Rule{
	svcKafkaTopicDelete, svcKafkaTopicDeleteAll, svcKafkaDeleteRecords, svcKafkaGroupDelete, svcKafkaOffsetsReset, svcKafkaACL, svcKafkaConfig, svcKafkaCluster,
}

func svcKafkaHandlers() map[string]handler {
	h := map[string]handler{"rpk": svcRpk, "confluent": svcConfluent}
	for name, fn := range map[string]handler{
		"kafka-topics": svcKafkaTopics, "kafka-delete-records": svcKafkaDeleteRecordsCmd, "kafka-consumer-groups": svcKafkaGroups,
		"kafka-acls": svcKafkaACLs, "kafka-configs": svcKafkaConfigs, "kafka-reassign-partitions": svcKafkaReassign,
		"kafka-leader-election": svcKafkaReassign, "kafka-preferred-replica-election": svcKafkaReassign, "kafka-storage": svcKafkaStorage,
		"kafka-streams-application-reset": svcKafkaStreamsReset, "kafka-metadata-quorum": svcKafkaQuorum,
		"kafka-server-stop": svcKafkaServerStop, "zookeeper-server-stop": svcKafkaServerStop, "kafka-console-producer": svcMutates,
		"kafka-verifiable-producer": svcMutates, "kafka-producer-perf-test": svcMutates,
	} {
		h[name] = fn
		h[name+".sh"] = fn // the tools as shipped in Apache Kafka's bin/
	}
	return h
}

// svcKafkaWhere names the cluster a Kafka tool talks to.
func svcKafkaWhere(c *Cmd) string {
	if v, ok := c.Flag("--bootstrap-server", "--bootstrap-servers", "--zookeeper", "-X", "--brokers"); ok {
		return v
	}
	return ""
}

// svcKafkaInternal reports whether a topic is one of Kafka's own.
func svcKafkaInternal(t string) bool {
	return strings.HasPrefix(t, "__") || t == "_schemas" || strings.HasPrefix(t, "_confluent") || strings.HasPrefix(t, "connect-") && (strings.HasSuffix(t, "-offsets") || strings.HasSuffix(t, "-configs") || strings.HasSuffix(t, "-status"))
}

// svcTopicCatchAll reports whether a topic pattern selects every topic.
func svcTopicCatchAll(t string) bool {
	t = strings.Trim(t, `'"`)
	return t == "" || t == "*" || t == ".*" || t == ".+" || t == "^.*$" || t == "^.*" || t == ".*$" || t == "[\\s\\S]*"
}

// svcKafkaDeleteTopics reports the deletion of the named topics.
func svcKafkaDeleteTopics(c *Cmd, r *report, topics []string, regex bool) {
	cluster := svcKafkaWhere(c)
	for _, t := range topics {
		if svcTopicCatchAll(t) {
			r.add(c.find(svcKafkaTopicDeleteAll, "Deletes every Kafka topic (the pattern "+svcQuote(t)+" matches them all) with all their messages.", svcTargets(t, cluster)...))
			return
		}
	}
	if len(topics) == 0 {
		r.add(c.find(svcKafkaTopicDelete, "Deletes Kafka topics and every message in them.", svcTargets(cluster)...))
		return
	}
	msg := "Deletes the Kafka topic" + svcPlural(len(topics), " ", "s ") + svcList(topics) + " and every message in " + svcPlural(len(topics), "it", "them") + "."
	f := c.find(svcKafkaTopicDelete, msg, svcTargets(append(append([]string{}, topics...), cluster)...)...)
	for _, t := range topics {
		if svcKafkaInternal(t) {
			f = c.find(svcKafkaTopicDelete, "Deletes Kafka's internal topic "+t+": consumer offsets, transactions or schemas of the whole cluster are lost.", svcTargets(t, cluster)...).WithPoints(100)
			break
		}
		if regex && strings.ContainsAny(t, "*+?[") {
			f = f.WithPoints(100)
			f.Message = "Deletes every Kafka topic that matches " + t + " and all their messages."
		}
	}
	r.add(f)
}

func svcKafkaTopics(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	var topics []string
	for _, v := range svcFlagValues(c, "--topic", "--topics") {
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				topics = append(topics, t)
			}
		}
	}
	switch {
	case c.Has("--delete"):
		r.mutates()
		svcKafkaDeleteTopics(c, r, topics, true)
	case c.Has("--alter"):
		r.mutates()
		if p, ok := c.Flag("--partitions"); ok {
			r.add(c.find(svcKafkaCluster, "Raises the number of partitions of "+svcList(topics)+" to "+p+": it cannot be lowered again, and keys move to other partitions.", topics...))
		}
		if cfg := svcFlagValues(c, "--config", "--delete-config"); len(cfg) > 0 {
			r.add(c.find(svcKafkaConfig, "Changes the configuration of the Kafka topic"+svcPlural(len(topics), " ", "s ")+svcList(topics)+" ("+strings.Join(cfg, ", ")+").", topics...).WithPoints(svcConfirm))
		}
	case c.Has("--create"):
		r.mutates()
	}
}

func svcKafkaDeleteRecordsCmd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	file, _ := c.Flag("--offset-json-file")
	r.add(c.find(svcKafkaDeleteRecords, "Deletes the Kafka records before the offsets listed in "+svcQuote(file)+": consumers can never read them again.", svcTargets(file, svcKafkaWhere(c))...))
}

func svcKafkaGroups(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	groups := svcFlagValues(c, "--group")
	if c.Has("--all-groups") {
		groups = append(groups, "every group")
	}
	switch {
	case c.Has("--delete"):
		r.mutates()
		f := c.find(svcKafkaGroupDelete, "Deletes the Kafka consumer group"+svcPlural(len(groups), " ", "s ")+svcList(groups)+" and its committed offsets: its consumers start over from their reset policy.", svcTargets(append(groups, svcKafkaWhere(c))...)...)
		if c.Has("--all-groups") {
			f = f.WithPoints(svcLose)
		}
		r.add(f)
	case c.Has("--delete-offsets"):
		r.mutates()
		r.add(c.find(svcKafkaGroupDelete, "Deletes the committed offsets of consumer group "+svcList(groups)+" for the given topics.", svcTargets(append(groups, svcKafkaWhere(c))...)...))
	case c.Has("--reset-offsets"):
		if !c.Has("--execute") {
			return // without --execute it only prints the plan
		}
		r.mutates()
		to := "the new position"
		for _, f := range []string{"--to-earliest", "--to-latest", "--to-current", "--to-offset", "--shift-by", "--to-datetime", "--by-duration", "--from-file"} {
			if c.Has(f) {
				to = strings.TrimPrefix(f, "--")
			}
		}
		r.add(c.find(svcKafkaOffsetsReset, "Moves the offsets of consumer group "+svcList(groups)+" ("+to+"): its consumers will skip messages or process them again.", svcTargets(append(groups, svcKafkaWhere(c))...)...))
	}
}

func svcKafkaACLs(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--list") {
		return
	}
	principals := svcFlagValues(c, "--allow-principal", "--deny-principal", "--principal")
	switch {
	case c.Has("--remove"):
		r.mutates()
		r.add(c.find(svcKafkaACL, "Removes Kafka ACLs"+svcACLWhat(c)+": clients that relied on them may lose access, or gain it if a deny rule goes.", principals...))
	case c.Has("--add"):
		r.mutates()
		f := c.find(svcKafkaACL, "Adds Kafka ACLs"+svcACLWhat(c)+".", principals...).WithPoints(svcConfirm)
		for _, p := range principals {
			if p == "User:*" || p == "*" {
				f = c.find(svcKafkaACL, "Grants every user access"+svcACLWhat(c)+" (the principal is User:*).", principals...).WithPoints(60)
			}
		}
		r.add(f)
	}
}

func svcACLWhat(c *Cmd) string {
	var parts []string
	if v := svcFlagValues(c, "--topic"); len(v) > 0 {
		parts = append(parts, "topic "+svcList(v))
	}
	if v := svcFlagValues(c, "--group"); len(v) > 0 {
		parts = append(parts, "group "+svcList(v))
	}
	if c.Has("--cluster") {
		parts = append(parts, "the cluster")
	}
	if v := svcFlagValues(c, "--operation"); len(v) > 0 {
		parts = append(parts, "operation "+svcList(v))
	}
	if len(parts) == 0 {
		return ""
	}
	return " on " + strings.Join(parts, ", ")
}

// svcRetentionKeys are the settings that decide when Kafka deletes messages.
var svcRetentionKeys = []string{"retention.ms", "retention.bytes", "cleanup.policy", "log.retention", "delete.retention.ms", "segment.ms", "local.retention"}

func svcKafkaConfigs(c *Cmd, r *report) {
	if svcHelp(c) || !c.Has("--alter") {
		return
	}
	r.mutates()
	entity, _ := c.Flag("--entity-name", "--topic", "--broker", "--user", "--client")
	typ, _ := c.Flag("--entity-type")
	if typ == "" {
		typ = "entity"
	}
	if dels := svcFlagValues(c, "--delete-config"); len(dels) > 0 {
		r.add(c.find(svcKafkaConfig, "Removes the setting"+svcPlural(len(dels), " ", "s ")+strings.Join(dels, ", ")+" from Kafka "+strings.TrimSuffix(typ, "s")+" "+svcQuote(entity)+"; the defaults apply again.", svcTargets(entity)...))
	}
	adds := svcFlagValues(c, "--add-config")
	if len(adds) == 0 {
		return
	}
	joined := strings.Join(adds, ",")
	pts := svcConfirm
	for _, k := range svcRetentionKeys {
		if strings.Contains(joined, k) {
			pts = svcChange
		}
	}
	if strings.Contains(joined, "SCRAM-") {
		joined = "credentials"
	}
	r.add(c.find(svcKafkaConfig, "Changes Kafka "+strings.TrimSuffix(typ, "s")+" "+svcQuote(entity)+" ("+joined+").", svcTargets(entity)...).WithPoints(pts))
}

func svcKafkaReassign(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--generate", "--verify", "--list") {
		return
	}
	if c.Name == "kafka-reassign-partitions" || c.Name == "kafka-reassign-partitions.sh" {
		if !c.Has("--execute", "--cancel") {
			return
		}
	}
	r.mutates()
	r.add(c.find(svcKafkaCluster, "Moves Kafka partition replicas or leaders ("+c.Name+"): traffic shifts between brokers while it runs.", svcTargets(svcKafkaWhere(c))...))
}

func svcKafkaStorage(c *Cmd, r *report) {
	if svcHelp(c) || !c.ArgIs("format") {
		return
	}
	r.mutates()
	r.add(c.find(svcKafkaCluster, "Formats this Kafka broker's log directories"+svcIf(c.Has("--ignore-formatted"), " (even if already formatted)")+": their data is lost.").WithPoints(svcLose))
}

func svcKafkaStreamsReset(c *Cmd, r *report) {
	if svcHelp(c) || svcDryRun(c) {
		return
	}
	r.mutates()
	app, _ := c.Flag("--application-id")
	r.add(c.find(svcKafkaOffsetsReset, "Resets the Kafka Streams application "+svcQuote(app)+": its offsets go back and its internal topics are deleted, so it reprocesses its input.", svcTargets(app)...))
}

func svcKafkaQuorum(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	if c.Contains("remove-controller", "add-controller") {
		r.mutates()
		r.add(c.find(svcKafkaCluster, "Changes the set of Kafka controllers: with too few left the cluster stops.").WithPoints(svcChange))
	}
}

func svcKafkaServerStop(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	what := "Kafka broker"
	if strings.HasPrefix(c.Name, "zookeeper") {
		what = "ZooKeeper server"
	}
	r.add(c.find(svcKafkaCluster, "Stops the "+what+" running on this machine: its partitions move to other brokers, or go offline.").WithPoints(svcChange))
}

func svcRpk(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	noun, verb := svcAt(w, 0), svcAt(w, 1)
	switch {
	case noun == "topic" && verb == "delete":
		r.mutates()
		svcKafkaDeleteTopics(c, r, w[2:], c.Has("-r", "--regex"))
	case noun == "topic" && verb == "trim-prefix":
		r.mutates()
		r.add(c.find(svcKafkaDeleteRecords, "Deletes the records of Redpanda topic "+svcQuote(svcAt(w, 2))+" before the given offset.", svcAt(w, 2)))
	case noun == "topic" && verb == "add-partitions":
		r.mutates()
		r.add(c.find(svcKafkaCluster, "Adds partitions to "+svcList(w[2:])+": it cannot be undone, and keys move to other partitions.", w[2:]...))
	case noun == "topic" && svcIn(verb, "alter-config", "alter"):
		r.mutates()
		vals := append(svcFlagValues(c, "--set", "-s"), svcFlagValues(c, "--delete", "-d")...)
		pts := svcConfirm
		for _, k := range svcRetentionKeys {
			if strings.Contains(strings.Join(vals, ","), k) {
				pts = svcChange
			}
		}
		r.add(c.find(svcKafkaConfig, "Changes the configuration of topic "+svcList(w[2:])+" ("+strings.Join(vals, ", ")+").", w[2:]...).WithPoints(pts))
	case noun == "group" && verb == "delete":
		r.mutates()
		r.add(c.find(svcKafkaGroupDelete, "Deletes the consumer group"+svcPlural(len(w)-2, " ", "s ")+svcList(w[2:])+" and its committed offsets.", w[2:]...))
	case noun == "group" && verb == "seek":
		r.mutates()
		r.add(c.find(svcKafkaOffsetsReset, "Moves the offsets of consumer group "+svcQuote(svcAt(w, 2))+": its consumers will skip messages or process them again.", svcAt(w, 2)))
	case noun == "acl" && verb == "delete":
		r.mutates()
		r.add(c.find(svcKafkaACL, "Removes Redpanda ACLs"+svcACLWhat(c)+".", svcFlagValues(c, "--allow-principal", "--deny-principal")...))
	case noun == "acl" && verb == "create":
		r.mutates()
		r.add(c.find(svcKafkaACL, "Adds Redpanda ACLs"+svcACLWhat(c)+".", svcFlagValues(c, "--allow-principal", "--deny-principal")...).WithPoints(svcConfirm))
	case svcIn(verb, "list", "describe", "consume", "info", "status", "") || noun == "version":
	default:
		r.mutates()
	}
}

func svcConfluent(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	if svcAt(w, 0) != "kafka" {
		if svcIn(svcAt(w, 1), "delete", "update", "create") || svcIn(svcAt(w, 2), "delete", "update", "create") {
			r.mutates()
		}
		return
	}
	noun, verb := svcAt(w, 1), svcAt(w, 2)
	switch {
	case noun == "topic" && verb == "delete":
		r.mutates()
		svcKafkaDeleteTopics(c, r, w[3:], false)
	case noun == "cluster" && verb == "delete":
		r.mutates()
		r.add(c.find(svcKafkaTopicDeleteAll, "Deletes the Confluent Kafka cluster "+svcQuote(svcAt(w, 3))+" with every topic and message in it.", svcAt(w, 3)))
	case noun == "consumer" && verb == "group" && svcAt(w, 3) == "delete":
		r.mutates()
		r.add(c.find(svcKafkaGroupDelete, "Deletes the consumer group "+svcQuote(svcAt(w, 4))+".", svcAt(w, 4)))
	case noun == "acl" && verb == "delete":
		r.mutates()
		r.add(c.find(svcKafkaACL, "Removes Confluent Kafka ACLs.", svcFlagValues(c, "--principal")...))
	case svcIn(verb, "list", "describe", "consume", ""):
	default:
		r.mutates()
	}
}
