package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Search engines through their own command-line tools: the Algolia CLI,
// Elasticsearch's node tools (elasticsearch-node, elasticsearch-plugin,
// elasticsearch-reset-password and their OpenSearch twins) and Curator.
// Their HTTP APIs called with curl, wget or HTTPie are judged in
// services_http_judge.go.

var (
	svcSearchDelete = &rule.Rule{
		ID: "shell.search.delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes search indices or their records with a search engine's command-line tool.",
		Alternative: "export the index first (algolia objects browse > backup.ndjson, an Elasticsearch snapshot) and delete by name",
		Match: []string{"algolia indices delete products", "algolia indices clear products --confirm", "algolia objects delete products --object-ids 1,2",
			"curator_cli delete-indices --filter_list '{\"filtertype\":\"age\",\"source\":\"name\",\"direction\":\"older\",\"unit\":\"days\",\"unit_count\":30}'",
			"algolia indices move products_tmp products"},
		NoMatch: []string{"algolia indices list", "algolia search products --query phone", "algolia objects browse products", "curator_cli show-indices"},
	}
	svcSearchNode = &rule.Rule{
		ID: "shell.search.node-tool", Category: rule.Destructive, Points: svcLose,
		Summary:     "Runs an Elasticsearch or OpenSearch node repair tool, or removes a plugin or resets a password on the node.",
		Alternative: "take a snapshot first and follow the documented recovery procedure; these tools are a last resort",
		Match: []string{"elasticsearch-node unsafe-bootstrap", "elasticsearch-node detach-cluster", "elasticsearch-node remove-settings xpack.monitoring.*",
			"elasticsearch-plugin remove analysis-icu", "elasticsearch-reset-password -u elastic", "opensearch-plugin remove opensearch-security"},
		NoMatch: []string{"elasticsearch-plugin list", "elasticsearch-node --help", "elasticsearch-plugin install analysis-icu"},
	}
)

var svcSearchRules = []*rule.Rule{svcSearchDelete, svcSearchNode}

func svcSearchHandlers() map[string]handler {
	return map[string]handler{
		"algolia": svcAlgolia, "curator_cli": svcCurator, "curator": svcCurator,
		"elasticsearch-node": svcESNode, "opensearch-node": svcESNode, "elasticsearch-plugin": svcESNode, "opensearch-plugin": svcESNode,
		"elasticsearch-reset-password": svcESNode, "elasticsearch-keystore": svcESNode, "opensearch-keystore": svcESNode,
	}
}

func svcAlgolia(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	noun, verb, index := svcAt(w, 0), svcAt(w, 1), svcAt(w, 2)
	switch {
	case noun == "indices" && verb == "delete":
		r.mutates()
		r.add(c.find(svcSearchDelete, "Deletes the Algolia index"+svcPlural(len(w)-2, " ", "es ")+svcList(w[2:])+" with every record, rule and synonym in "+svcPlural(len(w)-2, "it", "them")+".", w[2:]...))
	case noun == "indices" && verb == "clear":
		r.mutates()
		r.add(c.find(svcSearchDelete, "Deletes every record of the Algolia index "+svcQuote(index)+".", index))
	case noun == "indices" && (verb == "move" || verb == "copy"):
		r.mutates()
		dest := svcAt(w, 3)
		r.add(c.find(svcSearchDelete, "Overwrites the Algolia index "+svcQuote(dest)+" with "+svcQuote(index)+" ("+verb+"): the destination's records and settings are replaced.", dest, index).WithPoints(svcLose))
	case svcIn(noun, "objects", "rules", "synonyms", "apikeys", "dictionary", "crawler") && svcIn(verb, "delete", "clear"):
		r.mutates()
		what := map[string]string{"objects": "records", "rules": "rules", "synonyms": "synonyms", "apikeys": "API keys", "dictionary": "dictionary entries", "crawler": "crawler"}[noun]
		r.add(c.find(svcSearchDelete, "Deletes Algolia "+what+svcIfDB(index)+".", svcTargets(index)...).WithPoints(svcChange))
	case svcIn(verb, "list", "browse", "get", "describe", "export", "") || noun == "search" || noun == "profile" || noun == "open":
	default:
		r.mutates()
	}
}

func svcCurator(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	for _, a := range c.Positional() {
		switch strings.ReplaceAll(a, "_", "-") {
		case "delete-indices", "delete-snapshots":
			if c.Has("--dry-run") {
				return
			}
			r.add(c.find(svcSearchDelete, "Deletes every Elasticsearch "+strings.TrimPrefix(strings.ReplaceAll(a, "_", "-"), "delete-")+" the filter selects ("+a+")."))
			return
		case "close", "forcemerge", "shrink", "rollover", "alias", "allocation", "replicas", "restore", "open", "snapshot", "reindex", "cluster-routing":
			return
		}
	}
}

func svcESNode(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	verb := svcAt(w, 0)
	switch {
	case strings.HasSuffix(c.Name, "-node") && svcIn(verb, "unsafe-bootstrap", "detach-cluster", "remove-settings", "remove-customs", "override-version", "repurpose"):
		r.mutates()
		r.add(c.find(svcSearchNode, "Runs "+c.Name+" "+verb+": it rewrites the node's cluster state and can lose data or split the cluster.", verb))
	case strings.HasSuffix(c.Name, "-plugin") && verb == "remove":
		r.mutates()
		r.add(c.find(svcSearchNode, "Removes the search plugin"+svcPlural(len(w)-1, " ", "s ")+svcList(w[1:])+" from this node.", w[1:]...).WithPoints(svcConfirm))
	case c.Name == "elasticsearch-reset-password":
		r.mutates()
		u, _ := c.Flag("-u", "--username")
		r.add(c.find(svcSearchNode, "Resets the Elasticsearch password of "+svcOr(u, "a user")+": whatever still uses the old one is refused.", svcTargets(u)...).WithPoints(svcChange))
	case strings.HasSuffix(c.Name, "-keystore") && svcIn(verb, "remove", "create", "add", "add-file", "passwd", "upgrade"):
		r.mutates()
		if verb == "remove" || verb == "create" {
			r.add(c.find(svcSearchNode, "Changes the node's secure settings keystore ("+verb+"): settings stored there may be lost.").WithPoints(svcConfirm))
		}
	case svcIn(verb, "install", "add"):
		r.mutates()
	}
}
