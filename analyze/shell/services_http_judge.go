package shell

import (
	"net/url"
	"strings"
	"sync"
)

// Judging an HTTP request by what it does at the other end: which service
// the URL points at (Elasticsearch, OpenSearch, Meilisearch, Algolia, Solr,
// vector stores, CouchDB, the Kubernetes and Docker APIs, GitLab, GitHub,
// Jenkins, SQL over HTTP) and which endpoint it calls.

// svcJudgeHTTP reports what a parsed HTTP request does.
func svcJudgeHTTP(c *Cmd, r *report, q *svcHTTPReq) {
	if q.offline {
		return
	}
	var urls []svcURL
	for _, s := range q.urls {
		if s == "" {
			continue
		}
		u := svcParseURL(s, q.scheme)
		if q.socket {
			u.local = true
		}
		urls = append(urls, u)
	}
	allLocal := len(urls) > 0
	var hosts []string
	for _, u := range urls {
		if !u.local || !u.known {
			allLocal = false
		}
		if !svcIn(u.hostPort(), hosts...) {
			hosts = append(hosts, u.hostPort())
		}
		if u.creds {
			q.creds = append(q.creds, "a password in the URL")
		}
	}
	where := svcList(hosts)
	if where == "" {
		where = "another server"
	}
	method := q.method
	if method == "" {
		switch {
		case q.head:
			method = "HEAD"
		case q.get:
			method = "GET"
		case q.put:
			method = "PUT"
		case q.body:
			method = "POST"
		default:
			method = "GET"
		}
	}

	for _, f := range q.uploads {
		if f == "" {
			continue
		}
		cl := c.Class(f)
		switch {
		case cl.Credential != "" && !allLocal:
			r.add(c.find(ruleCredentialExfil, "Sends your "+cl.Credential+" ("+f+") to "+where+" with "+c.Name+".", svcTargets(f, where)...))
		case allLocal:
		default:
			r.add(c.find(svcHTTPUpload, "Uploads "+f+" to "+where+".", svcTargets(f, where)...))
		}
		q.uploaded = !allLocal
	}
	if q.insecure && len(q.creds) > 0 && !allLocal {
		r.add(c.find(svcHTTPInsecure, "Sends "+q.creds[0]+" to "+where+" with certificate checks off: anyone in the path can read "+svcPlural(len(q.creds), "it", "them")+".", where))
	}
	for _, o := range q.outputs {
		if o == "" || o == "-" {
			continue
		}
		r.mutates()
		if why, pts := svcDangerousOutput(c, o); why != "" {
			r.add(c.find(svcHTTPOverwrite, "Writes what "+where+" returns into "+why+", replacing it.", o).WithPoints(pts))
			continue
		}
		// Any other file is judged as a redirect to it is: a program put
		// on PATH (~/.local/bin/git), a login item, a file that runs later.
		writeTarget(c, r, o, writeCreate)
	}
	for _, d := range q.outDirs {
		r.mutates()
		if why, pts := svcDangerousOutput(c, d); why != "" {
			r.add(c.find(svcHTTPOverwrite, "Saves downloads from "+where+" into "+why+".", d).WithPoints(pts))
		}
	}
	for _, u := range urls {
		m := method
		if o := u.query.Get("_method"); o != "" {
			m = strings.ToUpper(o)
		}
		svcJudgeEndpoint(c, r, q, u, m)
	}
}

// svcDangerousOutput says what a file written by a download is when
// replacing it matters, and how much: a start-up file, a key file, a git hook
// or the agent's settings run or admit what was downloaded (the rule's full
// weight); another system path changes the machine (a little less, so that
// "sudo curl -o /usr/local/bin/tool" asks for approval instead of blocking).
func svcDangerousOutput(c *Cmd, p string) (string, int) {
	cl := c.Class(p)
	abs := cl.Abs
	switch {
	case strings.HasPrefix(abs, "/dev/") && !cl.Device:
		return "", 0 // /dev/null, /dev/stdout
	case cl.Device:
		return "the device " + p, svcLose
	case cl.Startup:
		return "the shell start-up file " + p, svcLose
	case strings.HasSuffix(abs, "/authorized_keys") || strings.HasSuffix(abs, "/authorized_keys2"):
		return "the SSH authorized keys file " + p, svcLose
	case cl.Credential != "":
		return "the " + cl.Credential + " " + p, svcLose
	case cl.AgentSettings:
		return "the coding agent's settings " + p, svcLose
	case cl.GitInternals && strings.Contains(abs, "/hooks"):
		return "the git hook " + p, svcLose
	case cl.System && !cl.Temp && abs != "/tmp" && abs != "/var/tmp":
		return "the system path " + p, svcDisrupt
	}
	return "", 0
}

// svcESAPIs are the first-level endpoints of Elasticsearch and OpenSearch.
var svcESAPIs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"_all": true, "_cat": true, "_cluster": true, "_nodes": true, "_search": true, "_msearch": true, "_count": true, "_doc": true,
		"_create": true, "_update": true, "_bulk": true, "_mapping": true, "_mappings": true, "_settings": true, "_alias": true, "_aliases": true, "_close": true,
		"_open": true, "_delete_by_query": true, "_update_by_query": true, "_reindex": true, "_refresh": true, "_flush": true, "_forcemerge": true, "_snapshot": true,
		"_data_stream": true, "_index_template": true, "_template": true, "_component_template": true, "_ilm": true, "_slm": true, "_ingest": true, "_security": true,
		"_ml": true, "_transform": true, "_enrich": true, "_watcher": true, "_rollup": true, "_ccr": true, "_tasks": true, "_stats": true, "_segments": true,
		"_recovery": true, "_shrink": true, "_split": true, "_clone": true, "_rollover": true, "_field_caps": true, "_validate": true, "_explain": true, "_analyze": true,
		"_sql": true, "_eql": true, "_query": true, "_async_search": true, "_pit": true, "_license": true, "_xpack": true, "_plugins": true, "_opendistro": true,
		"_cache": true, "_synonyms": true, "_query_rules": true, "_connector": true, "_inference": true, "_resolve": true, "_mget": true, "_termvectors": true,
		"_rank_eval": true, "_scripts": true, "_render": true, "_features": true, "_autoscaling": true, "_shutdown": true, "_health_report": true, "_disk_usage": true,
		"_block": true, "_freeze": true, "_unfreeze": true, "_source": true, "_knn_search": true, "_terms_enum": true, "_migration": true, "_dangling": true}
})

// svcIsES reports whether u points at Elasticsearch or OpenSearch.
func svcIsES(u svcURL) bool {
	switch u.port {
	case "9200", "9201", "9202", "9243", "9443":
		return true
	}
	h := u.host
	if strings.Contains(h, "elastic") || strings.Contains(h, "opensearch") || strings.HasPrefix(h, "$es_") || strings.HasPrefix(h, "${es_") || strings.HasPrefix(h, "es.") || strings.HasPrefix(h, "es-") ||
		strings.Contains(h, ".es.") || strings.Contains(h, "-es.") || strings.HasSuffix(h, ".aos.amazonaws.com") || strings.Contains(h, ".es.amazonaws.com") {
		return true
	}
	for i, s := range u.segs {
		if i > 1 {
			break
		}
		if svcESAPIs()[s] {
			return true
		}
	}
	return false
}

// svcSegIndex returns the index of the first segment equal to name, or -1.
func svcSegIndex(segs []string, name string) int {
	for i, s := range segs {
		if strings.EqualFold(s, name) {
			return i
		}
	}
	return -1
}

// svcCatchAll reports whether an index expression selects every index.
func svcCatchAll(expr string) bool {
	for _, n := range strings.Split(expr, ",") {
		n = strings.TrimSpace(n)
		if n == "_all" || strings.Trim(n, "*") == "" && n != "" {
			return true
		}
	}
	return false
}

// svcJudgeEndpoint judges one URL called with method.
func svcJudgeEndpoint(c *Cmd, r *report, q *svcHTTPReq, u svcURL, method string) {
	where := u.hostPort()
	// SQL sent over HTTP (ClickHouse, InfluxDB 1.x): the SQL analyzer judges it.
	if sql := svcHTTPSQL(u, q, method); sql != "" {
		r.sql(sql, c)
		return
	}
	// Solr's admin API deletes collections and cores even with GET.
	if svcSegIndex(u.segs, "admin") >= 0 && (svcSegIndex(u.segs, "collections") >= 0 || svcSegIndex(u.segs, "cores") >= 0) {
		action := strings.ToUpper(u.query.Get("action"))
		name := u.query.Get("name")
		if name == "" {
			name = u.query.Get("core")
		}
		switch action {
		case "DELETE":
			r.mutates()
			r.add(c.find(svcHTTPIndexDelete, "Deletes the Solr collection "+svcQuote(name)+" at "+where+" and its index.", svcTargets(name, where)...))
			return
		case "UNLOAD", "DELETEREPLICA", "DELETESHARD", "DELETEALIAS", "DELETENODE":
			r.mutates()
			f := c.find(svcHTTPDestructiveCall, "Unloads or removes Solr "+svcQuote(name)+" at "+where+" ("+action+").", svcTargets(name, where)...)
			if u.query.Get("deleteIndex") == "true" || u.query.Get("deleteDataDir") == "true" || u.query.Get("deleteInstanceDir") == "true" {
				f = c.find(svcHTTPIndexDelete, "Unloads the Solr core "+svcQuote(name)+" at "+where+" and deletes its index files.", svcTargets(name, where)...)
			}
			r.add(f)
			return
		}
	}
	switch method {
	case "GET", "HEAD", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "PURGE", "REPORT":
		return
	case "DELETE":
		r.mutates()
		svcJudgeDelete(c, r, u)
	default:
		svcJudgeWrite(c, r, q, u, method)
	}
}

// svcHTTPSQL returns the SQL an HTTP request sends to a database that takes
// SQL over HTTP, or "".
func svcHTTPSQL(u svcURL, q *svcHTTPReq, method string) string {
	clickhouse := u.port == "8123" || strings.Contains(u.host, "clickhouse")
	if clickhouse && len(u.segs) == 0 {
		if s := u.query.Get("query"); s != "" {
			return s
		}
		if method == "POST" && len(q.bodies) > 0 {
			return strings.Join(q.bodies, "\n")
		}
		return ""
	}
	if u.path == "/query" && (u.port == "8086" || strings.Contains(u.host, "influx")) {
		if s := u.query.Get("q"); s != "" {
			return s
		}
		for _, b := range q.bodies {
			if v, err := url.ParseQuery(b); err == nil && v.Get("q") != "" {
				return v.Get("q")
			}
			if s, ok := strings.CutPrefix(b, "q="); ok {
				return s
			}
		}
	}
	return ""
}

// svcJudgeDelete judges an HTTP DELETE.
func svcJudgeDelete(c *Cmd, r *report, u svcURL) {
	segs := u.segs
	n := len(segs)
	where := u.hostPort()
	first, second := svcAt(segs, 0), svcAt(segs, 1)
	generic := func(msg string, pts int, targets ...string) {
		f := c.find(svcHTTPDelete, msg, svcTargets(append(targets, where)...)...)
		if pts != svcChange {
			f = f.WithPoints(pts)
		}
		r.add(f)
	}
	base := svcChange
	if u.local && u.known {
		base = svcConfirm
	}
	path := "/" + strings.Join(segs, "/")
	if n == 0 {
		generic("Sends a DELETE to "+where+".", base)
		return
	}
	// Elasticsearch and OpenSearch.
	if svcIsES(u) {
		switch {
		case first == "_search" && second == "scroll" || first == "_pit" || first == "_async_search" || first == "_sql" && second == "close" || first == "_query" && second == "async":
			return // releasing a search context is routine cleanup
		case svcCatchAll(first) && n == 1:
			r.add(c.find(svcHTTPIndexDeleteAll, "Deletes every index at "+where+" ("+first+") with all their documents.", svcTargets(first, where)...))
			return
		case n == 1 && !strings.HasPrefix(first, "_"):
			names := strings.Split(first, ",")
			f := c.find(svcHTTPIndexDelete, "Deletes the index "+svcList(names)+" at "+where+" and every document in it.", svcTargets(append(names, where)...)...)
			if len(names) > 1 || strings.ContainsAny(first, "*?") {
				f = c.find(svcHTTPIndexDelete, "Deletes "+svcPlural(len(names), "every index matching ", "the indices ")+svcList(names)+" at "+where+" with all their documents.", svcTargets(append(names, where)...)...).WithPoints(100)
			}
			r.add(f)
			return
		case first == "_data_stream" && second != "":
			f := c.find(svcHTTPIndexDelete, "Deletes the data stream "+second+" at "+where+" and all its backing indices.", second, where)
			if strings.ContainsAny(second, "*?,") {
				f = f.WithPoints(100)
			}
			r.add(f)
			return
		case first == "_snapshot" && n >= 3:
			r.add(c.find(svcHTTPIndexDelete, "Deletes the snapshot "+segs[2]+" from the repository "+second+" at "+where+": that backup is gone for good.", segs[2], second, where))
			return
		case first == "_snapshot":
			generic("Unregisters the snapshot repository "+second+" at "+where+" (the snapshots stay where they are).", svcConfirm, second)
			return
		case n >= 3 && (second == "_doc" || second == "_create" || second == "_source"):
			generic("Deletes document "+segs[2]+" from the index "+first+" at "+where+".", base, first)
			return
		case second == "_alias" || second == "_aliases":
			generic("Removes the alias "+svcAt(segs, 2)+" from "+first+" at "+where+".", svcConfirm, first)
			return
		}
		generic("Deletes "+path+" on the search cluster at "+where+".", base, path)
		return
	}
	// Meilisearch, Algolia, Pinecone: /indexes/<name>[/documents[/<id>]].
	if i := svcSegIndex(segs, "indexes"); i >= 0 && i+1 < n {
		after := segs[i+1:]
		name := after[0]
		service := "search"
		if strings.HasSuffix(u.host, "algolia.net") || strings.HasSuffix(u.host, "algolianet.com") || strings.HasSuffix(u.host, "algolia.io") {
			service = "Algolia"
		} else if u.port == "7700" || strings.Contains(u.host, "meili") {
			service = "Meilisearch"
		}
		switch {
		case len(after) == 1:
			f := c.find(svcHTTPIndexDelete, "Deletes the "+service+" index "+name+" at "+where+" and every document in it.", name, where)
			if strings.ContainsAny(name, "*?") {
				f = f.WithPoints(100)
			}
			r.add(f)
		case len(after) == 2 && after[1] == "documents":
			r.add(c.find(svcHTTPDeleteByQuery, "Deletes every document of the "+service+" index "+name+" at "+where+".", name, where).WithPoints(svcDestroy))
		case after[1] == "settings":
			generic("Resets the settings of the "+service+" index "+name+" at "+where+"; the index is rebuilt.", svcConfirm, name)
		case len(after) == 3 && after[1] == "documents" || len(after) == 2:
			generic("Deletes "+strings.Join(after[1:], "/")+" from the "+service+" index "+name+" at "+where+".", base, name)
		default:
			generic("Deletes "+path+" at "+where+".", base, name)
		}
		return
	}
	// Vector and document stores: /collections/<name> (Qdrant, Typesense, Chroma), /v1/schema/<class> (Weaviate).
	for _, kw := range []string{"collections", "schema", "tables", "buckets", "databases", "keyspaces"} {
		if i := svcSegIndex(segs, kw); i >= 0 && i == n-2 && !(first == "api" && second == "v4") {
			name := segs[n-1]
			r.add(c.find(svcHTTPIndexDelete, "Deletes the "+svcSingular(kw)+" "+name+" at "+where+" and everything stored in it.", name, where))
			return
		}
	}
	// CouchDB: DELETE /<db> drops the database.
	if u.port == "5984" && n == 1 && !strings.HasPrefix(first, "_") {
		r.add(c.find(svcHTTPIndexDelete, "Deletes the CouchDB database "+first+" at "+where+" and every document in it.", first, where))
		return
	}
	// The Kubernetes API.
	if first == "api" && second == "v1" && svcAt(segs, 2) != "repos" || first == "apis" && n >= 4 {
		rest := segs[2:]
		if first == "apis" {
			rest = segs[3:]
		}
		switch {
		case len(rest) == 2 && rest[0] == "namespaces":
			r.add(c.find(svcHTTPIndexDelete, "Deletes the Kubernetes namespace "+rest[1]+" and everything in it.", rest[1], where))
		case len(rest)%2 == 1:
			what := rest[len(rest)-1]
			ns := ""
			if len(rest) >= 3 && rest[0] == "namespaces" {
				ns = " in namespace " + rest[1]
			}
			r.add(c.find(svcHTTPDeleteByQuery, "Deletes every Kubernetes "+what+ns+" through the API at "+where+".", what, where).WithPoints(svcDestroy))
		default:
			generic("Deletes the Kubernetes "+svcSingular(rest[len(rest)-2])+" "+rest[len(rest)-1]+" through the API at "+where+".", svcLose, rest[len(rest)-1])
		}
		return
	}
	// Source hosting: GitLab, GitHub (and Enterprise), Gitea/Forgejo, Bitbucket.
	if first == "api" && second == "v4" {
		rest := segs[2:]
		switch {
		case len(rest) == 2 && (rest[0] == "projects" || rest[0] == "groups"):
			r.add(c.find(svcHTTPIndexDelete, "Deletes the GitLab "+svcSingular(rest[0])+" "+rest[1]+" at "+where+" with its repositories, issues and pipelines.", rest[1], where))
		case len(rest) == 2 && rest[0] == "users":
			generic("Deletes the GitLab user "+rest[1]+" at "+where+".", svcLose, rest[1])
		case len(rest) >= 2:
			generic("Deletes the GitLab "+svcSingular(rest[len(rest)-2])+" "+rest[len(rest)-1]+" at "+where+".", base, strings.Join(rest, "/"))
		default:
			generic("Deletes "+path+" at "+where+".", base)
		}
		return
	}
	if i := svcSegIndex(segs, "repos"); i >= 0 && n == i+3 && (u.host == "api.github.com" || i > 0) {
		r.add(c.find(svcHTTPIndexDelete, "Deletes the repository "+segs[i+1]+"/"+segs[i+2]+" at "+where+" with its issues, pull requests and wiki.", segs[i+1]+"/"+segs[i+2], where))
		return
	}
	if first == "2.0" && second == "repositories" && n == 4 {
		r.add(c.find(svcHTTPIndexDelete, "Deletes the Bitbucket repository "+segs[2]+"/"+segs[3]+".", segs[2]+"/"+segs[3], where))
		return
	}
	// The Docker Engine API (through its socket or port 2375).
	if u.port == "2375" || u.port == "2376" || u.local && (strings.HasPrefix(first, "v1.") || svcIn(first, "containers", "volumes", "images", "networks")) {
		s := segs
		if strings.HasPrefix(first, "v1.") {
			s = segs[1:]
		}
		if len(s) == 2 && s[0] == "volumes" {
			r.add(c.find(svcHTTPIndexDelete, "Deletes the Docker volume "+s[1]+" and the data in it.", s[1], where))
			return
		}
	}
	pts := base
	if last := segs[n-1]; last == "*" || last == "_all" {
		pts = svcLose
	}
	generic("Deletes "+path+" at "+where+".", pts, path)
}

// svcSingular turns an API collection name into the word for one item:
// "branches" → "branch", "policies" → "policy", "jobs" → "job".
func svcSingular(s string) string {
	s = strings.ReplaceAll(s, "_", " ")
	switch {
	case strings.HasSuffix(s, "ies"):
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "ches") || strings.HasSuffix(s, "shes") || strings.HasSuffix(s, "xes") || strings.HasSuffix(s, "sses"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss"):
		return s[:len(s)-1]
	}
	return s
}
