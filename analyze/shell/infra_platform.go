package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Source platforms: the GitHub CLI (gh) and the GitLab CLI (glab). Issue and
// pull request text is text: "gh issue create --body 'rm -rf /'" runs
// nothing.

var (
	forgeRepoDelete = &rule.Rule{
		ID:          "shell.forge.repo-delete",
		Summary:     "Deletes a GitHub or GitLab repository (or organisation) with its issues, pull requests, wiki and releases.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Archive it instead (`gh repo archive`), or clone a mirror first (`git clone --mirror`).",
		Match:       []string{"gh repo delete owner/repo", "gh repo delete owner/repo --yes", "gh api -X DELETE /repos/owner/repo", "glab repo delete group/project --yes", "glab api -X DELETE projects/42"},
		NoMatch:     []string{"gh repo view owner/repo", "gh repo list", "gh api /repos/owner/repo", "glab repo view group/project"},
	}
	forgeRepoPublic = &rule.Rule{
		ID:          "shell.forge.repo-public",
		Summary:     "Makes a private repository public: its code and history become readable by anyone.",
		Points:      infraDestroy,
		Category:    rule.Exfiltration,
		Alternative: "Check the history for secrets first (a secret scanner over `git log -p`), or publish a fresh copy.",
		Match:       []string{"gh repo edit owner/repo --visibility public --accept-visibility-change-consequences", "gh api -X PATCH repos/owner/repo -f visibility=public", "gh api -X PATCH repos/owner/repo -F private=false"},
		NoMatch:     []string{"gh repo edit owner/repo --description 'New text'", "gh repo view owner/repo --json visibility"},
	}
	forgePublish = &rule.Rule{
		ID:          "shell.forge.publish",
		Summary:     "Publishes code or files in a new public repository or gist.",
		Points:      infraChange,
		Category:    rule.Exfiltration,
		Alternative: "Create it private first and make it public once checked for secrets.",
		Match:       []string{"gh repo create my-tool --public --source=. --push", "gh gist create --public notes.md", "glab repo create tool --public"},
		NoMatch:     []string{"gh repo create my-tool --private --source=.", "gh gist create notes.md", "gh gist list"},
	}
	forgeRemove = &rule.Rule{
		ID:          "shell.forge.remove",
		Summary:     "Deletes or archives content on GitHub or GitLab (releases, gists, issues, secrets, keys, variables, pipelines, runs…).",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "View it first (`gh release view`, `gh issue view`…); closing is reversible where deleting is not.",
		Match: []string{
			"gh repo archive owner/repo", "gh gist delete 12345", "gh release delete v1.0.0", "gh issue delete 123", "gh ssh-key delete 1",
			"gh secret delete AWS_KEY", "gh variable delete ENV", "gh run delete 123", "gh api -X DELETE repos/owner/repo/git/refs/heads/old",
			"glab release delete v1.0.0", "glab ci delete 1001", "glab variable delete TOKEN", "glab mr delete 12", "gh repo sync owner/fork --force",
		},
		NoMatch: []string{"gh release list", "gh issue view 123", "gh secret list", "glab repo archive group/project", "gh issue close 123"},
	}
	forgeChange = &rule.Rule{
		ID:          "shell.forge.change",
		Summary:     "Changes a GitHub or GitLab repository or its automation (settings, secrets, variables, workflows, merges, API writes).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match: []string{
			"gh secret set AWS_KEY --body x", "gh workflow run deploy.yml", "gh pr merge 42 --squash", "gh repo rename new-name",
			"gh api -X POST repos/owner/repo/hooks -f url=https://x", "gh api repos/owner/repo/labels -f name=bug", "glab variable set TOKEN x",
			"glab mr merge 12", "gh pr review 42 --approve", "gh repo edit owner/repo --visibility private --accept-visibility-change-consequences",
		},
		NoMatch: []string{"gh issue create --title bug --body 'rm -rf /'", "gh pr create --fill", "gh pr view 42", "gh api repos/owner/repo/pulls", "gh workflow list", "gh pr comment 42 --body 'lgtm'"},
	}
	forgeAccessGrant = &rule.Rule{
		ID:          "shell.forge.access-grant",
		Summary:     "Adds a key or token that can reach your account or repository (SSH, GPG and deploy keys, access tokens).",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Use a key limited to one repository and read-only access, with an expiry.",
		Match:       []string{"gh ssh-key add ~/.ssh/id_ed25519.pub", "gh repo deploy-key add key.pub --allow-write", "glab token create ci --scope api"},
		NoMatch:     []string{"gh ssh-key list"},
	}
)

var platformRules = []*rule.Rule{forgeRepoDelete, forgeRepoPublic, forgePublish, forgeRemove, forgeChange, forgeAccessGrant}

func platformHandlers() map[string]handler {
	return map[string]handler{"gh": forgeHandler, "glab": forgeHandler}
}

// forgeRepoPath matches API paths of a whole repository or organisation.
var forgeRepoPath = lazyRegexp(`^/?(repos/[^/]+/[^/]+|orgs/[^/]+|projects/[^/]+|groups/[^/]+|user/repos/[^/]+)/?$`)

func forgeHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	site := "GitHub"
	if c.Name == "glab" {
		site = "GitLab"
	}
	repo, _ := c.Flag("-R", "--repo")
	group, verb := words[0], ""
	if len(words) > 1 {
		verb = words[1]
	}
	args := words[min(2, len(words)):]
	t := infraTargets(append([]string{repo}, args...)...)
	name := infraOr(firstOf(args), infraOr(repo, "of the current directory"))
	if group == "api" {
		forgeAPI(c, r, site, words[1:])
		return
	}
	key := group + " " + verb
	switch key {
	case "repo delete", "project delete":
		r.mutates()
		r.add(c.find(forgeRepoDelete, "Deletes the "+site+" repository "+name+" with its issues, pull requests, wiki and releases.", t...))
		return
	case "repo edit", "repo update":
		r.mutates()
		if v, _ := c.Flag("--visibility"); v == "public" {
			r.add(c.find(forgeRepoPublic, "Makes the repository "+name+" public: its code and history become readable by anyone.", t...))
			return
		} else if v != "" {
			r.add(c.find(forgeChange, "Changes the visibility of "+name+" to "+v+"; stars and watchers from outside may be lost.", t...))
			return
		}
		if c.Has("--default-branch", "--enable-auto-merge", "--delete-branch-on-merge", "--allow-forking", "--enable-issues", "--template") {
			r.add(c.find(forgeChange, "Changes the settings of repository "+name+".", t...))
		}
		return
	case "repo create", "gist create", "snippet create":
		r.mutates()
		if c.Has("--public", "-p") && (key != "repo create" || c.Has("--public")) {
			what := "a public repository"
			if group != "repo" {
				what = "a public " + group
			}
			r.add(c.find(forgePublish, "Publishes "+what+" ("+infraOr(infraList(args), "from the current directory")+") that anyone can read.", t...))
		}
		return
	case "repo archive":
		if c.Name == "glab" {
			return // glab repo archive downloads an archive
		}
		r.mutates()
		r.add(c.find(forgeRemove, "Archives the repository "+name+": it becomes read-only.", t...))
		return
	case "repo sync":
		r.mutates()
		if c.Has("--force") {
			r.add(c.find(forgeRemove, "Resets the destination branch of "+name+" to the source, discarding its own commits.", t...))
		}
		return
	case "repo rename", "repo transfer", "repo unarchive":
		r.mutates()
		r.add(c.find(forgeChange, cloudVerbPhrase(verb)+" the repository "+infraOr(repo, "of the current directory")+infraParen(infraList(args))+".", t...))
		return
	case "pr merge", "mr merge":
		r.mutates()
		f := c.find(forgeChange, "Merges "+strings.ToUpper(group)+" "+infraOr(firstOf(args), "of the current branch")+" into its base branch.", t...)
		if c.Has("--admin") {
			f = f.WithPoints(infraRemove)
			f.Message = "Merges pull request " + infraOr(firstOf(args), "of the current branch") + " with administrator rights, bypassing the branch's protection rules."
		}
		r.add(f)
		return
	case "pr review", "mr approve":
		if key == "pr review" && !c.Has("--approve", "-a") {
			return
		}
		r.mutates()
		r.add(c.find(forgeChange, "Approves "+strings.ToUpper(group)+" "+infraOr(firstOf(args), "of the current branch")+" in your name.", t...))
		return
	case "ssh-key add", "gpg-key add", "deploy-key add", "repo deploy-key", "token create", "token rotate":
		if key == "repo deploy-key" && firstOf(args) != "add" {
			break
		}
		r.mutates()
		what := strings.ToUpper(strings.TrimSuffix(group, "-key")) + " key"
		if group == "repo" || group == "deploy-key" {
			what = "deploy key"
			if c.Has("--allow-write", "-w", "--can-push") {
				what = "deploy key with write access"
			}
		}
		if group == "token" {
			what = "access token"
		}
		r.add(c.find(forgeAccessGrant, "Adds a new "+what+" to "+site+" ("+infraOr(infraList(args), "")+").", t...))
		return
	}
	switch verb {
	case "delete", "remove", "rm", "revoke", "delete-asset", "prune":
		if group == "extension" || group == "alias" || group == "config" || group == "auth" {
			r.mutates() // local CLI settings
			return
		}
		r.mutates()
		r.add(c.find(forgeRemove, "Deletes "+site+" "+group+" "+infraOr(infraList(args), "")+" ("+key+").", t...))
		return
	}
	if group == "repo" && verb == "deploy-key" && firstOf(args) == "delete" {
		r.mutates()
		r.add(c.find(forgeRemove, "Deletes a deploy key of "+infraOr(repo, "the repository")+".", t...))
		return
	}
	switch key {
	case "secret set", "variable set", "variable update", "workflow run", "workflow disable", "workflow enable", "ci run", "ci cancel",
		"ci retry", "run cancel", "run rerun", "label create", "label edit", "release create", "release edit", "release upload",
		"ruleset create", "environment create", "schedule create", "schedule run", "securefile create",
		"codespace create", "repo fork", "ci trigger", "ci run-trig", "mr rebase", "pr update-branch", "release promote":
		r.mutates()
		r.add(c.find(forgeChange, forgePhrase(site, group, verb, args)+".", t...))
		return
	}
	switch verb {
	case "list", "ls", "view", "status", "diff", "checks", "download", "get", "watch", "logs", "log", "trace", "browse", "search", "":
		return
	}
	// issue/pr create, comment, edit, close, reopen, checkout, clone, auth, config, extension…:
	// text and local changes, routine.
	r.mutates()
}

// forgePhrase describes a gh or glab command in words.
func forgePhrase(site, group, verb string, args []string) string {
	switch group + " " + verb {
	case "secret set":
		if len(args) == 0 {
			return "Sets " + site + " Actions secrets from a file"
		}
		return "Sets the " + site + " Actions secret " + firstOf(args)
	case "release create":
		return "Publishes the " + site + " release " + infraOr(firstOf(args), "(unnamed)") + infraParen(infraList(args[min(1, len(args)):]))
	case "workflow run", "ci run", "ci trigger":
		return "Starts the " + site + " workflow " + infraOr(firstOf(args), "pipeline") + "; it may deploy"
	}
	return cloudVerbPhrase(verb) + " " + site + " " + group + " " + infraList(args)
}

// forgeAPI handles gh api and glab api.
func forgeAPI(c *Cmd, r *report, site string, words []string) {
	endpoint := firstOf(words)
	method, _ := c.Flag("-X", "--method")
	method = strings.ToUpper(method)
	fields := infraFlagValues(c, "-f", "--field", "-F", "--raw-field")
	if method == "" {
		method = "GET"
		if len(fields) > 0 || c.Has("--input") {
			method = "POST" // gh and glab send POST when fields are given
		}
	}
	t := infraTargets(endpoint)
	if endpoint == "graphql" {
		q := strings.ToLower(strings.Join(fields, " "))
		if !strings.Contains(q, "mutation") {
			return
		}
		r.mutates()
		if strings.Contains(q, "delete") || strings.Contains(q, "archive") {
			r.add(c.find(forgeRemove, "Sends a "+site+" GraphQL mutation that deletes or archives something.", t...))
			return
		}
		r.add(c.find(forgeChange, "Sends a "+site+" GraphQL mutation.", t...))
		return
	}
	switch method {
	case "GET", "HEAD", "OPTIONS":
		return
	}
	r.mutates()
	whole := forgeRepoPath.MatchString(endpoint)
	switch {
	case method == "DELETE" && whole:
		r.add(c.find(forgeRepoDelete, "Deletes "+endpoint+" through the "+site+" API.", t...))
	case method == "DELETE":
		r.add(c.find(forgeRemove, "Deletes "+endpoint+" through the "+site+" API.", t...))
	case forgeMakesPublic(fields):
		r.add(c.find(forgeRepoPublic, "Makes "+endpoint+" public through the "+site+" API.", t...))
	case whole && slices.ContainsFunc(fields, func(f string) bool { return strings.EqualFold(f, "archived=true") }):
		r.add(c.find(forgeRemove, "Archives "+endpoint+" through the "+site+" API: it becomes read-only.", t...))
	default:
		r.add(c.find(forgeChange, "Changes "+endpoint+" through the "+site+" API ("+method+").", t...))
	}
}

func forgeMakesPublic(fields []string) bool {
	for _, f := range fields {
		switch strings.ToLower(strings.ReplaceAll(f, " ", "")) {
		case "private=false", "visibility=public":
			return true
		}
	}
	return false
}
