package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Azure: az.

var (
	azDelete = &rule.Rule{
		ID:          "shell.az.delete",
		Summary:     "Deletes Azure resources or data (resource groups, VMs, databases, storage…).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Put a delete lock on what matters (`az lock create --lock-type CanNotDelete`), and back up first.",
		Match:       []string{"az group delete --name prod-rg --yes", "az vm delete -g rg -n vm1 --yes", "az storage blob delete-batch --source logs --account-name acct", "az keyvault secret purge --vault-name kv --name db-pass", "az rest --method delete --url https://management.azure.com/subscriptions/x/resourceGroups/rg?api-version=2021-04-01"},
		NoMatch:     []string{"az group list", "az vm show -g rg -n vm1", "az account set --subscription prod"},
	}
	azRemove = &rule.Rule{
		ID:          "shell.az.remove",
		Summary:     "Stops, deallocates, disables or soft-deletes Azure resources, or regenerates their keys.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Most of these can be undone (start, enable, recover); check what depends on the resource first.",
		Match:       []string{"az vm deallocate -g rg -n vm1", "az keyvault secret delete --vault-name kv --name db-pass", "az storage account keys renew -g rg -n acct --key primary", "az webapp stop -g rg -n app"},
		NoMatch:     []string{"az webapp show -g rg -n app"},
	}
	azChange = &rule.Rule{
		ID:          "shell.az.change",
		Summary:     "Changes or deploys Azure resources.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`az deployment group what-if` previews template deployments.",
		Match:       []string{"az webapp deploy -g rg -n app --src-path app.zip", "az vm resize -g rg -n vm1 --size Standard_D4s_v3", "az keyvault secret set --vault-name kv --name api-key --value x"},
		NoMatch:     []string{"az deployment group what-if -g rg --template-file main.bicep", "az webapp list"},
	}
	azCreate = &rule.Rule{
		ID:          "shell.az.create",
		Summary:     "Creates or starts Azure resources (it may cost money).",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"az group create -n dev-rg -l westeurope", "az vm start -g rg -n vm1", "az deployment group create -g rg --template-file main.bicep"},
		NoMatch:     []string{"az group show -n dev-rg"},
	}
	azRoleAdmin = &rule.Rule{
		ID:          "shell.az.role-admin",
		Summary:     "Grants Owner or User Access Administrator in Azure: full control, including over permissions.",
		Points:      infraAdmin,
		Category:    rule.Permissions,
		Alternative: "Assign a narrower built-in role at the narrowest scope (one resource group).",
		Match:       []string{"az role assignment create --assignee bob@x.com --role Owner --scope /subscriptions/1", "az ad sp create-for-rbac --name ci --role Owner --scopes /subscriptions/1"},
		NoMatch:     []string{"az role assignment create --assignee bob@x.com --role Reader -g rg", "az role assignment list"},
	}
	azRoleChange = &rule.Rule{
		ID:          "shell.az.role-change",
		Summary:     "Changes who may do what in Azure (role assignments and definitions).",
		Points:      infraRemove,
		Category:    rule.Permissions,
		Alternative: "List the current assignments first (`az role assignment list --assignee …`).",
		Match:       []string{"az role assignment create --assignee bob@x.com --role Contributor -g rg", "az role assignment delete --assignee bob@x.com --role Reader"},
		NoMatch:     []string{"az role assignment list --assignee bob@x.com"},
	}
	azPublic = &rule.Rule{
		ID:          "shell.az.public",
		Summary:     "Makes Azure storage readable by anyone on the internet.",
		Points:      infraDestroy,
		Category:    rule.Permissions,
		Alternative: "Share with SAS tokens limited in time and scope.",
		Match:       []string{"az storage container set-permission --name c --account-name a --public-access blob", "az storage account update -n acct -g rg --allow-blob-public-access true"},
		NoMatch:     []string{"az storage container set-permission --name c --account-name a --public-access off"},
	}
	azCredentials = &rule.Rule{
		ID:          "shell.az.credentials",
		Summary:     "Creates or resets long-lived Azure credentials (service principal secrets, app passwords).",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Use managed identities or federated credentials instead of secrets.",
		Match:       []string{"az ad sp credential reset --id 1234", "az ad app credential reset --id 1234 --append"},
		NoMatch:     []string{"az ad sp credential list --id 1234"},
	}
	azRemoteExec = &rule.Rule{
		ID:          "shell.az.remote-exec",
		Summary:     "Runs a script on an Azure VM; the script itself is checked too.",
		Points:      infraRemove,
		Category:    rule.Execution,
		Alternative: "Try it on a test VM first.",
		Match:       []string{"az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'systemctl restart app'"},
		NoMatch:     []string{"az vm run-command list -g rg --vm-name vm1"},
	}
)

var azureRules = []*rule.Rule{
	azDelete, azRemove, azChange, azCreate, azRoleAdmin, azRoleChange, azPublic, azCredentials, azRemoteExec,
}

func azureHandlers() map[string]handler {
	return map[string]handler{"az": azHandler}
}

// azLocal are az groups that change only the local installation.
var azLocal = infraSet("account", "config", "login", "logout", "extension", "cloud", "configure", "feedback", "interactive",
	"upgrade", "bicep", "init", "version", "find", "self-test", "cache")

func azHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) > 0 && words[0] == "rest" {
		m, _ := c.Flag("--method", "-m")
		url, _ := c.Flag("--url", "--uri", "-u")
		switch strings.ToLower(m) {
		case "", "get", "head":
			return
		case "delete":
			r.mutates()
			r.add(c.find(azDelete, "Deletes the Azure resource at "+url+".", url))
		default:
			r.mutates()
			r.add(c.find(azChange, "Changes the Azure resource at "+url+" ("+strings.ToUpper(m)+").", url))
		}
		return
	}
	if len(words) > 0 && azLocal[words[0]] {
		r.mutates() // local configuration, credentials or extensions
		return
	}
	groups, verb, rest := cloudCommand(words)
	if verb == "" {
		if len(groups) > 0 {
			r.mutates()
		}
		return
	}
	name, _ := c.Flag("-n", "--name")
	rg, _ := c.Flag("-g", "--resource-group")
	sub, _ := c.Flag("--subscription")
	t := infraTargets(append(append([]string(nil), rest...), name, rg, sub)...)
	what := strings.Join(groups, " ")
	if name != "" {
		what += " " + name
	}
	if rg != "" && !(len(groups) == 1 && groups[0] == "group") {
		what += " in resource group " + rg
	}
	path := strings.Join(groups, " ")
	act := cloudVerbOf(verb)
	if act == actRead || act == actUnknown {
		if act == actUnknown && len(groups) > 0 {
			r.mutates()
		}
		return
	}
	r.mutates()
	role, _ := c.Flag("--role")
	switch {
	case path == "role assignment" && verb == "create" || path == "ad sp" && verb == "create-for-rbac" && role != "":
		switch strings.ToLower(role) {
		case "owner", "user access administrator", "role based access control administrator", "8e3af657-a8ff-443c-a75c-2fe8c4bcb635", "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9":
			r.add(c.find(azRoleAdmin, "Grants the "+role+" role to "+infraOr(firstOf(infraFlagValues(c, "--assignee", "--assignee-object-id")), infraOr(name, "a principal"))+".", t...))
		default:
			r.add(c.find(azRoleChange, "Grants the "+infraOr(role, "(unnamed)")+" role to "+infraOr(firstOf(infraFlagValues(c, "--assignee", "--assignee-object-id")), infraOr(name, "a principal"))+".", t...))
		}
		return
	case strings.HasPrefix(path, "role"):
		r.add(c.find(azRoleChange, "Changes Azure permissions ("+path+" "+verb+").", t...))
		return
	case (path == "ad sp credential" || path == "ad app credential") && verb == "reset":
		r.add(c.find(azCredentials, "Creates a new secret for "+infraOr(firstOf(infraFlagValues(c, "--id")), "the application")+".", t...))
		return
	case path == "vm run-command" && verb == "invoke":
		r.add(c.find(azRemoteExec, "Runs a script on VM "+infraOr(name, "(unnamed)")+".", t...))
		for _, s := range infraFlagValues(c, "--scripts") {
			r.script(s, c, "runs on the Azure VM "+name)
		}
		return
	case path == "storage container" && verb == "set-permission":
		if p, _ := c.Flag("--public-access"); p == "blob" || p == "container" {
			r.add(c.find(azPublic, "Makes container "+name+" readable by anyone on the internet.", t...))
			return
		}
	case path == "storage account" && (verb == "update" || verb == "create"):
		if v, ok := c.Flag("--allow-blob-public-access"); ok && (v == "true" || v == "") {
			r.add(c.find(azPublic, "Allows public blob access on storage account "+name+".", t...))
			return
		}
	case path == "network nsg rule" && (verb == "create" || verb == "update"):
		src := strings.ToLower(strings.Join(infraFlagValues(c, "--source-address-prefixes", "--source-address-prefix"), " "))
		if src == "*" || strings.Contains(src, "internet") || strings.Contains(src, "0.0.0.0/0") || strings.Contains(src, "any") {
			r.add(c.find(cloudOpenIngress, "Opens network security rule "+name+" to the whole internet.", t...))
			return
		}
	case path == "storage account keys" && verb == "renew":
		r.add(c.find(azRemove, "Regenerates the keys of storage account "+infraOr(name, "(unnamed)")+": clients using the old key stop working.", t...))
		return
	case strings.HasPrefix(path, "keyvault") && verb == "delete":
		r.add(c.find(azRemove, "Soft-deletes "+what+"; it can be recovered until it is purged.", t...))
		return
	case path == "deployment group" && verb == "create":
		if m, _ := c.Flag("--mode"); strings.EqualFold(m, "complete") {
			r.add(c.find(azDelete, "Deploys a template in Complete mode: every resource of "+infraOr(rg, "the resource group")+" that the template does not list is deleted.", t...))
			return
		}
	case path == "group" && verb == "delete":
		r.add(c.find(azDelete, "Deletes resource group "+infraOr(name, "(unnamed)")+" and every resource in it.", t...))
		return
	}
	switch act {
	case actDestroy:
		r.add(c.find(azDelete, "Deletes "+what+".", t...))
	case actRemove:
		r.add(c.find(azRemove, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actChange:
		r.add(c.find(azChange, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actCreate:
		r.add(c.find(azCreate, cloudVerbPhrase(verb)+" "+what+".", t...))
	}
}
