package shell

import (
	"strings"
)

// Judging POST, PUT and PATCH requests by the endpoint they call: delete by
// query, index close and shutdown, Algolia and Meilisearch batch deletes,
// Solr delete queries, Jenkins doDelete, restarts and its script console,
// GraphQL mutations, endpoints named for what they destroy, and anything
// else that changes data on another server.

// svcReadEndpoints are POST endpoints that only read (search, count, query).
var svcReadEndpoints = map[string]bool{"_search": true, "_msearch": true, "_count": true, "_mget": true, "_validate": true, "_explain": true, "_field_caps": true,
	"_analyze": true, "_termvectors": true, "_mtermvectors": true, "_rank_eval": true, "_search_shards": true, "_async_search": true, "_sql": true, "_eql": true,
	"_query": true, "_knn_search": true, "_terms_enum": true, "_render": true, "_pit": true, "translate": true, "search": true, "query": true, "queries": true,
	"msearch": true, "multi-search": true, "multi_search": true, "multisearch": true, "count": true, "lookup": true, "browse": true, "find": true, "aggregate": true,
	"explain": true, "recommend": true, "scroll": true, "facet-search": true, "similar": true, "discover": true, "_percolate": true, "_mpercolate": true,
	"validate": true, "suggest": true, "autocomplete": true, "_suggest": true}

// svcDestructiveWords are endpoint names that delete, purge or stop something.
var svcDestructiveWords = []string{"delete", "purge", "wipe", "destroy", "drop", "truncate", "reset", "remove", "erase", "nuke", "terminate", "prune",
	"flushall", "flushdb", "shutdown", "kill", "uninstall", "factoryreset", "clearall", "deleteall"}

// withoutBytes is s without any of the bytes of cut (ASCII), s itself
// when it has none of them: what a strings.Replacer of each byte by ""
// gives, without building one a call.
func withoutBytes(s, cut string) string {
	i := strings.IndexAny(s, cut)
	if i < 0 {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		if strings.IndexByte(cut, s[i]) < 0 {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// svcDestructiveName reports whether an endpoint's name says it destroys something.
func svcDestructiveName(seg string) bool {
	n := withoutBytes(svcLower(seg), "-_.")
	n = strings.TrimPrefix(n, "do")
	for _, w := range svcDestructiveWords {
		if n == w || strings.HasPrefix(n, w) || strings.HasSuffix(n, w) {
			return true
		}
	}
	return false
}

// svcJudgeWrite judges a POST, PUT or PATCH (or another method that writes).
func svcJudgeWrite(c *Cmd, r *report, q *svcHTTPReq, u svcURL, method string) {
	segs := u.segs
	n := len(segs)
	where := u.hostPort()
	last := svcLower(svcAt(segs, n-1))
	body := strings.Join(q.bodies, "\n")
	lbody := svcLower(body)
	destructive := func(msg string, pts int, targets ...string) {
		r.mutates()
		f := c.find(svcHTTPDestructiveCall, msg, svcTargets(append(targets, where)...)...)
		if pts != svcChange {
			f = f.WithPoints(pts)
		}
		r.add(f)
	}
	index := ""
	if n > 0 && !strings.HasPrefix(segs[0], "_") {
		index = segs[0]
	}
	// Elasticsearch and OpenSearch.
	if svcSegIndex(segs, "_delete_by_query") >= 0 {
		r.mutates()
		all := strings.TrimSpace(body) == "" || strings.Contains(lbody, "match_all")
		msg := "Deletes every document of " + svcQuote(svcOr(index, "every index")) + " at " + where + " that matches the query."
		f := c.find(svcHTTPDeleteByQuery, msg, svcTargets(index, where)...)
		if all {
			f = c.find(svcHTTPDeleteByQuery, "Deletes every document of "+svcQuote(svcOr(index, "every index"))+" at "+where+" (the query matches everything).", svcTargets(index, where)...).WithPoints(svcDestroy)
		}
		if svcCatchAll(index) {
			f = f.WithPoints(110)
		}
		r.add(f)
		return
	}
	if svcSegIndex(segs, "_update_by_query") >= 0 {
		destructive("Rewrites every document of "+svcQuote(svcOr(index, "every index"))+" at "+where+" that matches the query.", svcChange, index)
		return
	}
	if last == "_aliases" && strings.Contains(lbody, "remove_index") {
		r.mutates()
		r.add(c.find(svcHTTPIndexDelete, "Deletes indices at "+where+" through an alias action (remove_index).", where))
		return
	}
	if strings.Contains(lbody, "destructive_requires_name") && strings.Contains(lbody, "false") {
		destructive("Lets the search cluster at "+where+" delete indices by wildcard or _all (action.destructive_requires_name: false).", svcChange)
		return
	}
	switch {
	case last == "_close":
		destructive("Closes the index "+svcQuote(index)+" at "+where+": it cannot be searched or written until it is reopened.", svcChange, index)
		return
	case last == "_shutdown" || svcSegIndex(segs, "_shutdown") >= 0:
		destructive("Shuts down search cluster nodes at "+where+".", svcLose)
		return
	case last == "_restore" && svcSegIndex(segs, "_snapshot") >= 0:
		destructive("Restores indices at "+where+" from a snapshot over the current ones.", svcChange)
		return
	case last == "_freeze" || last == "_block":
		destructive("Freezes or blocks writes to the index "+svcQuote(index)+" at "+where+".", svcConfirm, index)
		return
	}
	// Algolia and Meilisearch.
	if i := svcSegIndex(segs, "indexes"); i >= 0 && i+1 < n {
		name := segs[i+1]
		switch {
		case last == "clear":
			r.mutates()
			r.add(c.find(svcHTTPDeleteByQuery, "Deletes every record of the search index "+name+" at "+where+".", name, where).WithPoints(svcDestroy))
			return
		case last == "deletebyquery" || last == "delete" && svcAt(segs, n-2) == "documents":
			r.mutates()
			r.add(c.find(svcHTTPDeleteByQuery, "Deletes the records of the search index "+name+" at "+where+" that match a filter.", name, where))
			return
		case last == "delete-batch":
			destructive("Deletes a batch of documents from the search index "+name+" at "+where+".", svcChange, name)
			return
		case last == "batch" && (strings.Contains(lbody, "deleteobject") || strings.Contains(lbody, `"clear"`) || strings.Contains(lbody, `"delete"`)):
			destructive("Deletes records of the search index "+name+" at "+where+" in a batch.", svcChange, name)
			return
		case last == "operation" && (strings.Contains(lbody, "move") || strings.Contains(lbody, "copy")):
			dest := svcJSONString(body, "destination")
			destructive("Moves or copies the index "+name+" over "+svcQuote(dest)+" at "+where+": the destination's records and settings are replaced.", svcLose, dest, name)
			return
		}
	}
	// Solr: <delete> in an update request.
	if (last == "update" || svcSegIndex(segs, "update") >= 0) && (strings.Contains(lbody, "<delete>") || strings.Contains(lbody, `"delete"`)) {
		r.mutates()
		f := c.find(svcHTTPDeleteByQuery, "Deletes the Solr documents at "+where+" that match the delete query.", where)
		if strings.Contains(body, "*:*") {
			f = c.find(svcHTTPDeleteByQuery, "Deletes every document of the Solr core at "+where+" (the query is *:*).", where).WithPoints(svcDestroy)
		}
		r.add(f)
		return
	}
	// InfluxDB 2: POST /api/v2/delete.
	if svcAt(segs, 0) == "api" && svcAt(segs, 1) == "v2" && last == "delete" {
		r.mutates()
		r.add(c.find(svcDBDeleteAll, "Deletes the InfluxDB points of bucket "+svcQuote(u.query.Get("bucket"))+" at "+where+" in the given time range.", svcTargets(u.query.Get("bucket"), where)...))
		return
	}
	// Jenkins.
	switch last {
	case "dodelete":
		kind, name := "item", svcAt(segs, n-2)
	kinds:
		for i := n - 2; i >= 0; i-- {
			switch segs[i] {
			case "job":
				kind = "job"
				if i+1 < n-2 {
					kind, name = "build", segs[n-2]+" of the Jenkins job "+segs[i+1]
				}
			case "credential", "credentials":
				kind = "credential"
			case "computer":
				kind = "node"
			case "view":
				kind = "view"
			default:
				continue
			}
			break kinds
		}
		msg := map[string]string{
			"job": "Deletes the Jenkins job " + name + " at " + where + " with its build history.", "credential": "Deletes the Jenkins credential " + name + " at " + where + ": jobs that use it start failing.",
			"node": "Removes the Jenkins node " + name + " at " + where + ".", "view": "Deletes the Jenkins view " + name + " at " + where + ".", "item": "Deletes the Jenkins item " + name + " at " + where + ".",
			"build": "Deletes build " + name + " at " + where + " with its logs and artifacts.",
		}[kind]
		pts := svcLose
		if kind == "view" || kind == "build" {
			pts = svcChange
		}
		destructive(msg, pts, name)
		return
	case "dowipeoutworkspace":
		destructive("Wipes the workspace of Jenkins job "+svcAt(segs, n-2)+" at "+where+".", svcConfirm, svcAt(segs, n-2))
		return
	case "saferestart", "restart", "exit", "safeexit", "quietdown":
		if n == 1 || strings.Contains(u.host, "jenkins") || svcSegIndex(segs, "jenkins") >= 0 {
			destructive("Restarts or stops the Jenkins server at "+where+" ("+segs[n-1]+"): running builds are interrupted.", svcChange)
			return
		}
	case "scripttext", "script":
		if strings.Contains(u.host, "jenkins") || svcSegIndex(segs, "jenkins") >= 0 || strings.HasPrefix(lbody, "script=") || strings.Contains(lbody, "script") {
			r.mutates()
			r.add(c.find(svcHTTPScriptConsole, "Runs a Groovy script on the Jenkins server at "+where+" through its script console: it can do anything Jenkins can.", where))
			return
		}
	}
	// GraphQL: mutations change data, queries only read.
	if last == "graphql" || svcSegIndex(segs, "graphql") >= 0 {
		if !strings.Contains(lbody, "mutation") {
			return
		}
		r.mutates()
		for _, w := range []string{"delete", "remove", "destroy", "drop", "purge", "wipe", "archive"} {
			if strings.Contains(lbody, w) {
				destructive("Runs a GraphQL mutation at "+where+" that "+w+"s data.", svcChange)
				return
			}
		}
		if !u.local {
			r.add(c.find(svcHTTPWrite, "Runs a GraphQL mutation at "+where+": it changes data there.", where))
		}
		return
	}
	if svcMakesPublic(lbody) || svcMakesPublic(svcLower(u.query.Encode())) {
		r.mutates()
		r.add(c.find(svcHTTPPublic, "Makes "+svcOr(strings.Join(segs, "/"), "a resource")+" at "+where+" public: anyone can read it.", where))
		return
	}
	if svcReadEndpoints[last] || last == "objects" && svcAt(segs, n-2) == "*" || (last == "template" && (svcSegIndex(segs, "_search") >= 0 || svcSegIndex(segs, "_msearch") >= 0)) {
		return
	}
	if n > 0 && svcDestructiveName(segs[n-1]) || svcDestructiveName(u.query.Get("action")) || svcDestructiveName(u.query.Get("op")) {
		pts := svcChange
		if u.local && u.known {
			pts = svcConfirm
		}
		destructive("Calls "+svcOr(strings.Join(segs, "/"), "/")+" at "+where+" with "+method+": by its name it deletes, purges, resets or stops something.", pts, "/"+strings.Join(segs, "/"))
		return
	}
	r.mutates()
	if (!u.local || !u.known) && !q.uploaded {
		r.add(c.find(svcHTTPWrite, "Sends a "+method+" to "+where+"/"+strings.Join(segs, "/")+": it may change data there.", where))
	}
}

// svcOr returns s, or fallback when s is empty.
func svcOr(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// svcMakesPublic reports whether a request body or query makes a repository,
// project or package public (GitLab visibility, GitHub private=false).
func svcMakesPublic(lbody string) bool {
	b := strings.NewReplacer(" ", "", "\t", "", "\n", "", "'", `"`).Replace(lbody)
	return strings.Contains(b, "visibility=public") || strings.Contains(b, `"visibility":"public"`) || strings.Contains(b, `"private":false`) ||
		strings.Contains(b, "private=false")
}

// svcJSONString returns the string value of "key" in a JSON-ish body, or "".
func svcJSONString(body, key string) string {
	i := strings.Index(body, `"`+key+`"`)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(body[i+len(key)+2:], " \t:")
	if !strings.HasPrefix(rest, `"`) {
		return ""
	}
	rest = rest[1:]
	if j := strings.IndexByte(rest, '"'); j >= 0 {
		return rest[:j]
	}
	return ""
}
