package shell

import (
	"net/url"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// HTTP clients: curl, wget, HTTPie (http, https) and xh. Each command is
// parsed into a request (method, URLs, bodies, files sent and written,
// credentials) and judged by what the request does at the other end
// (services_http_judge.go). Piping a download into a shell is the core's
// business (pipelines), and so is a secret piped into curl.

var (
	svcHTTPDelete = &rule.Rule{
		ID: "shell.http.delete", Category: rule.Destructive, Points: svcChange,
		Summary:     "Sends an HTTP DELETE: the resource at that URL is removed.",
		Alternative: "GET the resource first and keep a copy; check that the URL names the one resource you mean",
		Match: []string{"curl -X DELETE 'https://gitlab.example.com/api/v4/projects/42/pipelines/1001'", "curl -X DELETE https://api.example.com/v1/users/42",
			"http DELETE api.example.com/items/7", "curl --request DELETE http://localhost:3000/api/todos/1", "xh delete https://api.example.com/v1/users/42",
			"wget --method=DELETE https://api.example.com/v1/users/42"},
		NoMatch: []string{"curl https://example.com", "curl -X GET 'https://gitlab.example.com/api/v4/projects/42/pipelines'", "http GET api.example.com/items/7", "curl -I https://example.com"},
	}
	svcHTTPIndexDelete = &rule.Rule{
		ID: "shell.http.index-delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes a search index, collection, database or repository through its HTTP API, with everything in it.",
		Alternative: "snapshot or export it first (Elasticsearch _snapshot, a dump), or close the index (POST /<index>/_close) until you are sure",
		Match: []string{"curl -X DELETE 'http://localhost:9200/logs-2024'", "curl -X DELETE 'https://opensearch.local:9200/logs-2024-01,logs-2024-02'",
			"curl -X DELETE 'http://localhost:7700/indexes/movies'", "curl -X DELETE 'https://APPID-dsn.algolia.net/1/indexes/products'",
			"curl -X DELETE 'http://localhost:9200/_data_stream/logs-app'", "curl -X DELETE 'http://localhost:9200/_snapshot/backup_repo/snap_01'",
			"curl -X DELETE 'http://localhost:9200/.kibana*'", "curl -X DELETE http://localhost:6333/collections/docs", "curl -X DELETE http://admin:pw@localhost:5984/orders",
			"curl -X DELETE -H 'PRIVATE-TOKEN: x' https://gitlab.example.com/api/v4/projects/42", "http DELETE :9200/logs-2024"},
		NoMatch: []string{"curl -X GET 'http://localhost:9200/logs-2024/_search?q=error'", "curl -X GET 'http://localhost:7700/indexes/movies/stats'",
			"curl -X GET 'https://APPID-dsn.algolia.net/1/indexes/products'", "curl -X DELETE 'http://localhost:9200/_search/scroll/abc'"},
	}
	svcHTTPIndexDeleteAll = &rule.Rule{
		ID: "shell.http.index-delete-all", Category: rule.MassDestruction, Points: 120,
		Summary:     "Deletes every index of a search cluster (_all or *) through its HTTP API.",
		Alternative: "list the indices (GET _cat/indices) and delete the ones you mean by name",
		Match:       []string{"curl -X DELETE 'http://localhost:9200/_all'", "curl -X DELETE 'http://localhost:9200/*'", "curl -XDELETE https://opensearch.local:9200/_all"},
		NoMatch:     []string{"curl -X GET 'http://localhost:9200/_cat/indices?v'", "curl -X DELETE 'http://localhost:9200/logs-2024'"},
	}
	svcHTTPDeleteByQuery = &rule.Rule{
		ID: "shell.http.delete-by-query", Category: rule.Destructive, Points: svcLose,
		Summary:     "Deletes every document that matches a query (or every document of an index) through a search API.",
		Alternative: "run the same query with _count or _search first and check how many documents it matches",
		Match: []string{`curl -X POST 'http://localhost:9200/logs-2024/_delete_by_query' -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`,
			"curl -X POST 'https://APPID-dsn.algolia.net/1/indexes/products/clear'", "curl -X DELETE 'http://localhost:7700/indexes/movies/documents'",
			`curl 'http://localhost:8983/solr/core1/update?commit=true' -H 'Content-Type: text/xml' -d '<delete><query>*:*</query></delete>'`},
		NoMatch: []string{`curl -X POST 'http://localhost:9200/logs-2024/_search' -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`,
			`curl -X POST 'http://localhost:9200/logs-2024/_count' -d '{"query":{"match_all":{}}}'`},
	}
	svcHTTPDestructiveCall = &rule.Rule{
		ID: "shell.http.destructive-call", Category: rule.Destructive, Points: svcChange,
		Summary:     "Calls an API endpoint that deletes, purges, wipes, resets, closes or shuts something down.",
		Alternative: "read the endpoint's documentation and GET the current state first; try it on a test instance",
		Match: []string{"curl -X POST http://jenkins.local/job/deploy-prod/doDelete", "curl -X POST http://jenkins.local/credentials/store/system/domain/_/credential/old-token/doDelete",
			"curl -X POST 'http://localhost:9200/logs-2024/_close'", "curl -X POST https://api.example.com/v1/cache/purge", "curl -X POST http://localhost:9200/_nodes/_shutdown",
			"curl -X POST https://jenkins.example.com/safeRestart"},
		NoMatch: []string{"curl -X GET http://jenkins.local/job/deploy-prod/api/json", "curl -X POST 'http://localhost:9200/logs-2024/_flush'", "curl -X POST 'http://localhost:9200/logs-2024/_refresh'"},
	}
	svcHTTPScriptConsole = &rule.Rule{
		ID: "shell.http.script-console", Category: rule.Execution, Points: svcLose,
		Summary:     "Runs a script on a server through its script console (Jenkins /scriptText): it can do anything the server can.",
		Alternative: "use the server's API or CLI command made for the task",
		Match:       []string{`curl -X POST -d 'script=println "hi"' http://jenkins.local/scriptText`, "curl --data-urlencode script@cleanup.groovy https://jenkins.example.com/scriptText"},
		NoMatch:     []string{"curl http://jenkins.local/script"},
	}
	svcHTTPWrite = &rule.Rule{
		ID: "shell.http.write", Category: rule.Network, Points: svcSmall,
		Summary:     "Sends a request that changes data on another server (POST, PUT or PATCH).",
		Alternative: "check the URL and the body before sending",
		Match:       []string{`curl -X POST https://api.example.com/v1/items -d '{"name":"x"}'`, "http PUT api.example.com/items/7 name=x", "curl -X PATCH https://api.example.com/v1/items/7 --json '{}'"},
		NoMatch:     []string{`curl -X POST http://localhost:3000/api/items -d '{"name":"x"}'`, "curl -X POST 'https://APPID-dsn.algolia.net/1/indexes/products/query' -d '{}'", "curl https://example.com"},
	}
	svcHTTPUpload = &rule.Rule{
		ID: "shell.http.upload", Category: rule.Exfiltration, Points: svcSmall,
		Summary:     "Uploads a local file to another server.",
		Alternative: "check that the file holds nothing private and that the server is the one you mean",
		Match: []string{"curl -F file=@report.pdf https://upload.example.com", "curl -T build.tar.gz https://files.example.com/", "curl --data-binary @dump.json https://api.example.com/import",
			"wget --post-file=data.json https://api.example.com/import", "http -f POST upload.example.com file@notes.txt"},
		NoMatch: []string{"curl -F file=@report.pdf http://localhost:8080/upload", "curl -d @- https://api.example.com < /dev/null"},
	}
	svcHTTPPublic = &rule.Rule{
		ID: "shell.http.make-public", Category: rule.Exfiltration, Points: svcChange,
		Summary:     "Makes a private repository, project or package public through its API: anyone can read it from then on.",
		Alternative: "check what it contains first (history included) and ask whoever owns it",
		Match: []string{`curl -X PUT -H 'PRIVATE-TOKEN: x' 'https://gitlab.example.com/api/v4/projects/42' --data 'visibility=public'`,
			`curl -X PATCH -H 'Authorization: token x' https://api.github.com/repos/acme/app -d '{"private": false}'`},
		NoMatch: []string{`curl -X PUT 'https://gitlab.example.com/api/v4/projects/42' --data 'visibility=private'`},
	}
	svcHTTPInsecure = &rule.Rule{
		ID: "shell.http.insecure-credentials", Category: rule.Network, Points: svcConfirm,
		Summary:     "Sends credentials while certificate checks are off (-k, --insecure, --no-check-certificate): anyone in the path can read them.",
		Alternative: "point the client at the right CA instead (--cacert, --ca-certificate, --verify=/path/ca.pem)",
		Match:       []string{"curl -k -u admin:secret https://10.0.0.5:9200/_cat/indices", "curl -sk -H 'Authorization: Bearer abc' https://api.internal/x", "wget --no-check-certificate --user=admin --password=x https://10.0.0.5/file"},
		NoMatch:     []string{"curl -k https://localhost:8443/health", "curl -u admin:secret https://api.example.com/"},
	}
	svcHTTPOverwrite = &rule.Rule{
		ID: "shell.http.download-overwrite", Category: rule.RemoteCode, Points: svcLose,
		Summary:     "Writes a download into a system path, a shell start-up file or an SSH key file, replacing what was there.",
		Alternative: "download to a temporary file, read it, then install it deliberately (install -m 0644 tmpfile /etc/…)",
		Match:       []string{"curl -o /etc/hosts https://example.com/hosts", "wget -O ~/.bashrc https://example.com/rc", "curl -fsSL https://example.com/key -o /home/dev/.ssh/authorized_keys", "wget -P /usr/local/bin https://example.com/tool"},
		NoMatch:     []string{"curl -o out.json https://example.com/data", "curl -s -o /dev/null -w '%{http_code}' https://example.com", "wget -O /tmp/tool https://example.com/tool", "wget -qO- https://example.com"},
	}
)

var svcHTTPRules = []*rule.Rule{
	svcHTTPDelete, svcHTTPIndexDelete, svcHTTPIndexDeleteAll, svcHTTPDeleteByQuery, svcHTTPDestructiveCall, svcHTTPScriptConsole,
	svcHTTPWrite, svcHTTPUpload, svcHTTPInsecure, svcHTTPOverwrite, svcHTTPPublic,
}

func svcHTTPHandlers() map[string]handler {
	return map[string]handler{
		"curl": svcCurl, "wget": svcWget, "wget2": svcWget,
		"http": svcHTTPie, "https": svcHTTPie, "xh": svcHTTPie, "xhs": svcHTTPie,
	}
}

// svcHTTPReq is what an HTTP client command will send and write.
type svcHTTPReq struct {
	method   string   // the explicit method, upper case; "" when implied
	urls     []string // as written
	scheme   string   // default scheme for URLs written without one
	bodies   []string // inline bodies (data, JSON, form fields)
	body     bool     // a body is sent (implies POST)
	put      bool     // a file is uploaded with -T (implies PUT)
	head     bool     // -I / --head
	get      bool     // -G / --get: the data goes into the query string
	uploads  []string // local files whose content is sent
	outputs  []string // local files written
	outDirs  []string // directories downloads are written into
	creds    []string // the credentials sent ("a password", "an Authorization header")
	insecure bool     // certificate checks are off
	socket   bool     // talks to a local Unix socket
	offline  bool     // builds the request without sending it
	uploaded bool     // an upload finding already tells the user data goes out
}

// svcURL is a URL as far as the analysis needs it.
type svcURL struct {
	raw   string
	host  string // lower case, without port or user
	port  string // explicit or implied by the scheme
	path  string // decoded, without query
	query url.Values
	segs  []string // the path's non-empty segments
	local bool     // localhost, a loopback address or a Unix socket
	known bool     // the host is a literal
	creds bool     // user:password@ in the URL
}

// svcParseURL parses a URL as curl, wget and HTTPie accept it: with or
// without a scheme, ":port/path" for localhost (HTTPie).
func svcParseURL(s, scheme string) svcURL {
	u := svcURL{raw: s, known: !strings.ContainsAny(s, "$`")}
	if strings.HasPrefix(s, ":") {
		s = "localhost" + s
	}
	if i := strings.Index(s, "://"); i >= 0 {
		scheme = svcLower(s[:i])
		s = s[i+3:]
	}
	hostport := s
	rest := ""
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		hostport, rest = s[:i], s[i:]
	}
	if i := strings.LastIndexByte(hostport, '@'); i >= 0 {
		u.creds = strings.Contains(hostport[:i], ":")
		hostport = hostport[i+1:]
	}
	host, port := hostport, ""
	if strings.HasPrefix(host, "[") {
		if j := strings.IndexByte(host, ']'); j >= 0 {
			host, port = host[1:j], strings.TrimPrefix(host[j+1:], ":")
		}
	} else if j := strings.LastIndexByte(host, ':'); j >= 0 {
		host, port = host[:j], host[j+1:]
	}
	u.host = svcLower(host)
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	u.port = port
	p := rest
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		u.query, _ = url.ParseQuery(p[i+1:])
		p = p[:i]
	}
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	u.path = p
	for seg := range strings.SplitSeq(p, "/") {
		if seg != "" {
			u.segs = append(u.segs, seg)
		}
	}
	h := u.host
	u.local = h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasPrefix(h, "127.") || h == "::1" || h == "0.0.0.0" ||
		h == "host.docker.internal" || h == "[::1]"
	return u
}

// hostPort renders the host for a message.
func (u svcURL) hostPort() string {
	if u.host == "" {
		return "the server"
	}
	if u.port != "" && u.port != "80" && u.port != "443" {
		return u.host + ":" + u.port
	}
	return u.host
}
