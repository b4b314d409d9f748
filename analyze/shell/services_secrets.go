package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Secrets managers: 1Password, Doppler, Infisical, Bitwarden, gopass, pass,
// LastPass, KeePassXC, chamber, berglas and the macOS keychain. Deleting a
// secret often cannot be undone and breaks every service that reads it.
// HashiCorp Vault is in services_vault.go.

var (
	svcOpDelete = &rule.Rule{
		ID: "shell.op.delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes a 1Password item or document (permanently unless --archive is given).",
		Alternative: "archive it instead (op item delete --archive) so it can be restored",
		Match:       []string{`op item delete "Database Password"`, "op item delete 4f3b2c", `op item delete --archive "Legacy Token"`, `op document delete "Prod Cert"`},
		NoMatch:     []string{`op item get "Database Password"`, "op item list", `op document get "Prod Cert"`},
	}
	svcOpVaultDelete = &rule.Rule{
		ID: "shell.op.vault-delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes a 1Password vault and every item in it.",
		Alternative: "export or move the items first, and remove people's access (op vault user revoke) instead of deleting",
		Match:       []string{`op vault delete "Engineering"`, "op vault delete vlt_abc123"},
		NoMatch:     []string{"op vault list", "op vault get Engineering"},
	}
	svcOpAccess = &rule.Rule{
		ID: "shell.op.access", Category: rule.Permissions, Points: svcLose,
		Summary:     "Deletes or suspends 1Password users or groups, or takes their access away.",
		Alternative: "suspend before deleting (op user suspend), and check what the account owns first",
		Match:       []string{`op user delete "user@example.com"`, `op group delete "Contractors"`, "op user suspend user@example.com", "op vault user revoke --vault Engineering --user ann@example.com"},
		NoMatch:     []string{"op user list", "op group list", "op whoami", "op user get ann@example.com"},
	}

	svcDopplerSecretsDelete = &rule.Rule{
		ID: "shell.doppler.secrets-delete", Category: rule.Destructive, Points: svcSoftDelete,
		Summary:     "Deletes Doppler secrets from a config: every service that reads them breaks on its next start.",
		Alternative: "download the config first (doppler secrets download --no-file) and check who uses the secret",
		Match:       []string{"doppler secrets delete DATABASE_URL", "doppler secrets delete API_KEY --project backend --config prod --yes", "doppler secrets delete STRIPE_KEY -p payments -c prod -y"},
		NoMatch:     []string{"doppler secrets get DATABASE_URL", "doppler secrets list", "doppler secrets download --no-file --format json"},
	}
	svcDopplerConfigDelete = &rule.Rule{
		ID: "shell.doppler.config-delete", Category: rule.Destructive, Points: svcLose,
		Summary:     "Deletes a Doppler config with all its secrets, or revokes its service tokens.",
		Alternative: "clone it first (doppler configs clone) and lock it (doppler configs lock) instead of deleting",
		Match:       []string{"doppler configs delete dev", "doppler configs delete prod --project backend --yes", "doppler configs tokens revoke ci-token --config prod"},
		NoMatch:     []string{"doppler configs list", "doppler configs list --project backend", "doppler configs clone --config dev --name dev_copy"},
	}
	svcDopplerProjectDelete = &rule.Rule{
		ID: "shell.doppler.project-delete", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Deletes a Doppler project or environment with every config and secret in it.",
		Alternative: "download every config's secrets first, and remove access instead of deleting",
		Match:       []string{"doppler projects delete backend --yes", "doppler projects delete payments -y", "doppler environments delete stg --project backend"},
		NoMatch:     []string{"doppler projects list", "doppler environments list"},
	}

	svcSecretsDelete = &rule.Rule{
		ID: "shell.secrets.delete", Category: rule.Destructive, Points: svcSoftDelete,
		Summary:     "Deletes secrets from a secrets manager or password store (Infisical, Bitwarden, gopass, pass).",
		Alternative: "copy the secret somewhere safe first; pass and gopass keep a git history you can restore from",
		Match:       []string{"infisical secrets delete API_KEY --env=prod", "bw delete item 99ee88d2-6046-4ea7-92c2-acac464b1412", "gopass rm -r websites/", "pass rm -r email", "bw delete item 1234 --permanent"},
		NoMatch:     []string{"infisical secrets get API_KEY", "bw list items", "gopass ls", "pass show email/work", "pass ls"},
	}
	svcSecretsSet = &rule.Rule{
		ID: "shell.secrets.set", Category: rule.Credentials, Points: svcConfirm,
		Summary:     "Changes secrets that running services read (Doppler, Infisical): they pick up the new value on their next start.",
		Alternative: "set it in a development config first and promote it once it works",
		Match:       []string{"doppler secrets set API_KEY=abc --config prod", "infisical secrets set STRIPE_KEY=sk_test_x --env=dev", "doppler secrets upload .env.production"},
		NoMatch:     []string{"doppler secrets get API_KEY", "infisical secrets get STRIPE_KEY"},
	}
)

var svcSecretRules = []*rule.Rule{
	svcOpDelete, svcOpVaultDelete, svcOpAccess, svcDopplerSecretsDelete, svcDopplerConfigDelete,
	svcDopplerProjectDelete, svcSecretsDelete, svcSecretsSet,
}

func svcSecretHandlers() map[string]handler {
	return map[string]handler{
		"op": svcOnePassword, "doppler": svcDoppler, "infisical": svcInfisical,
		"bw": svcBitwarden, "gopass": svcPass, "pass": svcPass, "lpass": svcPass, "keepassxc-cli": svcKeePassXC,
		"chamber": svcChamber, "berglas": svcChamber, "security": svcKeychain,
	}
}

func svcOnePassword(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	valued := []string{"--account", "--config", "--encoding", "--format", "--session", "--vault", "--tags", "--categories", "--fields", "--title",
		"--user", "--group", "--permissions", "--role", "--name", "--env-file", "--file-name", "--out-file", "--expires-in", "--url", "--template"}
	w := c.Positional(valued...)
	obj, verb := svcAt(w, 0), svcAt(w, 1)
	target := svcAt(w, 2)
	vault, _ := c.Flag("--vault")
	in := ""
	if vault != "" {
		in = " in vault " + vault
	}
	if obj == "run" {
		r.mutates()
		svcRunWrapped(c, r, "op run")
		return
	}
	switch {
	case svcIn(obj, "signin", "signout", "account", "update"):
		r.mutates()
		return
	case svcIn(obj, "whoami", "read", "completion", "") || svcIn(verb, "get", "list", "ls"):
		return
	}
	switch {
	case (obj == "item" || obj == "document") && (verb == "delete" || verb == "remove" || verb == "rm"):
		r.mutates()
		if c.Has("--archive") {
			r.add(c.find(svcOpDelete, "Moves the 1Password "+obj+" "+svcQuote(target)+in+" to the archive: services that read it stop finding it (it can be restored).", svcTargets(target, vault)...).WithPoints(svcSoftDelete))
			return
		}
		r.add(c.find(svcOpDelete, "Permanently deletes the 1Password "+obj+" "+svcQuote(target)+in+".", svcTargets(target, vault)...))
	case obj == "vault" && (verb == "delete" || verb == "remove" || verb == "rm"):
		r.mutates()
		r.add(c.find(svcOpVaultDelete, "Deletes the 1Password vault "+svcQuote(target)+" and every item in it.", target))
	case (obj == "user" || obj == "group") && (verb == "delete" || verb == "remove" || verb == "rm"):
		r.mutates()
		r.add(c.find(svcOpAccess, "Deletes the 1Password "+obj+" "+svcQuote(target)+" and the access that comes with it.", target))
	case obj == "user" && verb == "suspend":
		r.mutates()
		r.add(c.find(svcOpAccess, "Suspends the 1Password user "+svcQuote(target)+": they can no longer sign in.", target).WithPoints(svcChange))
	case (obj == "vault" || obj == "group") && svcIn(verb, "user", "group") && svcAt(w, 2) == "revoke":
		r.mutates()
		who, _ := c.Flag("--user", "--group")
		r.add(c.find(svcOpAccess, "Takes away "+svcQuote(who)+"'s access to 1Password "+obj+" "+svcQuote(vault)+".", svcTargets(who, vault)...).WithPoints(svcChange))
	case obj == "connect" && svcIn(verb, "server", "token") && svcAt(w, 2) == "delete":
		r.mutates()
		r.add(c.find(svcOpAccess, "Deletes the 1Password Connect "+verb+" "+svcQuote(svcAt(w, 3))+": integrations that use it stop working.", svcAt(w, 3)).WithPoints(svcChange))
	default:
		r.mutates()
	}
}

// svcRunWrapped analyses the command a secrets manager runs with secrets
// injected (doppler run -- cmd, op run -- cmd, infisical run -- cmd).
func svcRunWrapped(c *Cmd, r *report, why string) {
	if v, ok := c.Flag("--command"); ok && v != "" {
		r.script(v, c, why)
		return
	}
	for i, a := range c.Args {
		if a == "--" && i+1 < len(c.Args) {
			r.command(c.Args[i+1:], c, why)
			return
		}
	}
}

func svcDoppler(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	valued := []string{"-p", "--project", "-c", "--config", "--token", "--scope", "--api-host", "--configuration", "--name", "--format", "--environment",
		"-e", "--description", "--max-age", "--access", "--fallback", "--mount", "--mount-format", "--command"}
	w := c.Positional(valued...)
	sub, verb := svcAt(w, 0), svcAt(w, 1)
	project, _ := c.Flag("-p", "--project")
	config, _ := c.Flag("-c", "--config")
	where := ""
	if config != "" {
		where = " in config " + config
	}
	if project != "" {
		where += " of project " + project
	}
	switch sub {
	case "run":
		r.mutates()
		svcRunWrapped(c, r, "doppler run")
		return
	case "secrets":
		switch verb {
		case "delete", "rm":
			r.mutates()
			names := w[2:]
			r.add(c.find(svcDopplerSecretsDelete, "Deletes the Doppler secret"+svcPlural(len(names), " ", "s ")+svcList(names)+where+": services that read "+svcPlural(len(names), "it", "them")+" break on their next start.",
				svcTargets(append(append([]string{}, names...), config, project)...)...))
		case "set":
			r.mutates()
			var names []string
			for _, n := range w[2:] {
				k, _, _ := strings.Cut(n, "=")
				names = append(names, k)
			}
			r.add(c.find(svcSecretsSet, "Changes the Doppler secret"+svcPlural(len(names), " ", "s ")+svcList(names)+where+".", svcTargets(append(names, config, project)...)...))
		case "upload":
			r.mutates()
			r.add(c.find(svcSecretsSet, "Replaces the Doppler secrets"+where+" with the content of "+svcQuote(svcAt(w, 2))+".", svcTargets(svcAt(w, 2), config, project)...).WithPoints(svcChange))
		}
	case "configs":
		switch {
		case verb == "delete":
			r.mutates()
			name := svcAt(w, 2)
			if name == "" {
				name = config
			}
			r.add(c.find(svcDopplerConfigDelete, "Deletes the Doppler config "+svcQuote(name)+" and every secret in it.", svcTargets(name, project)...))
		case verb == "tokens" && svcAt(w, 2) == "revoke":
			r.mutates()
			r.add(c.find(svcDopplerConfigDelete, "Revokes the Doppler service token "+svcQuote(svcAt(w, 3))+where+": whatever uses it loses access to its secrets.", svcTargets(svcAt(w, 3), config)...).WithPoints(svcChange))
		case svcIn(verb, "create", "update", "clone", "lock", "unlock") || verb == "tokens" && svcAt(w, 2) == "create":
			r.mutates()
		}
	case "projects", "environments", "enclave":
		switch verb {
		case "delete":
			r.mutates()
			what := "project"
			if sub == "environments" {
				what = "environment"
			}
			r.add(c.find(svcDopplerProjectDelete, "Deletes the Doppler "+what+" "+svcQuote(svcAt(w, 2))+" with every config and secret in it.", svcTargets(svcAt(w, 2), project)...))
		case "create", "update", "rename":
			r.mutates()
		}
	case "login", "setup", "configure", "logout", "import", "update", "completion":
		r.mutates()
	}
}

func svcInfisical(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	sub, verb := svcAt(w, 0), svcAt(w, 1)
	env, _ := c.Flag("--env")
	where := ""
	if env != "" {
		where = " in environment " + env
	}
	switch {
	case sub == "run":
		r.mutates()
		svcRunWrapped(c, r, "infisical run")
	case sub == "secrets" && verb == "delete":
		r.mutates()
		names := w[2:]
		r.add(c.find(svcSecretsDelete, "Deletes the Infisical secret"+svcPlural(len(names), " ", "s ")+svcList(names)+where+".", svcTargets(append(append([]string{}, names...), env)...)...))
	case sub == "secrets" && verb == "folders" && svcAt(w, 2) == "delete":
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Deletes an Infisical folder and the secrets in it"+where+".", svcTargets(env)...).WithPoints(svcLose))
	case sub == "secrets" && verb == "set":
		r.mutates()
		var names []string
		for _, n := range w[2:] {
			k, _, _ := strings.Cut(n, "=")
			names = append(names, k)
		}
		r.add(c.find(svcSecretsSet, "Changes the Infisical secret"+svcPlural(len(names), " ", "s ")+svcList(names)+where+".", svcTargets(append(names, env)...)...))
	case sub == "secrets" && svcIn(verb, "get", "generate-example-env", ""):
	case sub == "export" || sub == "user" || sub == "vault" || sub == "scan":
	default:
		r.mutates()
	}
}

func svcBitwarden(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "delete":
		r.mutates()
		obj, id := svcAt(w, 1), svcAt(w, 2)
		if c.Has("--permanent", "-p") {
			r.add(c.find(svcSecretsDelete, "Permanently deletes the Bitwarden "+obj+" "+svcQuote(id)+".", id).WithPoints(svcDestroy))
			return
		}
		r.add(c.find(svcSecretsDelete, "Deletes the Bitwarden "+obj+" "+svcQuote(id)+" (it stays in the trash for 30 days).", id))
	case "list", "get", "status", "generate", "encode", "":
	default:
		r.mutates()
	}
}

func svcPass(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "rm", "remove", "delete", "del":
		r.mutates()
		names := w[1:]
		tool := c.Name
		if c.Has("-r", "--recursive") {
			r.add(c.find(svcSecretsDelete, "Deletes everything under "+svcList(names)+" in the "+tool+" password store.", names...).WithPoints(svcLose))
			return
		}
		r.add(c.find(svcSecretsDelete, "Deletes "+svcList(names)+" from the "+tool+" password store.", names...))
	case "insert", "add", "edit", "generate", "mv", "rename", "move", "cp", "copy", "init", "git", "sync", "fsck", "setup", "clone", "create", "new",
		"update", "import", "recipients", "mounts", "templates", "config", "otp":
		if svcAt(w, 0) == "otp" && svcAt(w, 1) != "insert" && svcAt(w, 1) != "append" {
			return
		}
		r.mutates()
	default:
		// pass NAME, pass show, ls, find, grep, audit: reads
	}
}

func svcKeePassXC(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "rm", "rmdir":
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Deletes "+svcQuote(svcAt(w, 2))+" from the KeePassXC database "+svcQuote(svcAt(w, 1))+" (it goes to the recycle bin if the database has one).", svcTargets(svcAt(w, 2), svcAt(w, 1))...))
	case "add", "edit", "mv", "mkdir", "import", "merge", "db-create", "attachment-import", "attachment-rm":
		r.mutates()
	}
}

// svcChamber handles chamber and berglas, which keep secrets in a cloud
// parameter store or bucket.
func svcChamber(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "delete", "rm":
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Deletes the secret "+strings.Join(w[1:], " ")+" with "+c.Name+": services that read it break on their next start.", w[1:]...))
	case "write", "import", "create", "update", "edit":
		r.mutates()
		r.add(c.find(svcSecretsSet, "Changes the secret "+strings.Join(w[1:], " ")+" with "+c.Name+".", w[1:]...))
	case "revoke":
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Revokes access to the secret "+strings.Join(w[1:], " ")+".", w[1:]...).WithPoints(svcChange))
	}
}

// svcKeychain handles macOS's security tool: deleting keychain items or keychains.
func svcKeychain(c *Cmd, r *report) {
	sub := svcAt(c.Args, 0)
	switch {
	case sub == "delete-keychain":
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Deletes a macOS keychain and every password and key in it.", c.Args[1:]...).WithPoints(svcDestroy))
	case strings.HasPrefix(sub, "delete-"):
		r.mutates()
		r.add(c.find(svcSecretsDelete, "Deletes an item from the macOS keychain ("+sub+").").WithPoints(svcLose))
	case strings.HasPrefix(sub, "add-") || strings.HasPrefix(sub, "import") || strings.HasPrefix(sub, "set-") || strings.HasPrefix(sub, "create-") || sub == "unlock-keychain":
		r.mutates()
	}
}
