package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// HashiCorp Vault. Disabling a secrets engine or destroying secret versions
// loses secrets for good; revoking leases and tokens, disabling auth methods
// and deleting policies lock applications out; the operator commands act on
// the cluster itself. Disabling an audit device hides what happens next, so
// it is a security bypass.

var (
	svcVaultSecretsDisable = &rule.Rule{
		ID: "shell.vault.secrets-disable", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Disables a Vault secrets engine (or deletes a namespace): every secret stored in it is deleted.",
		Alternative: "move it instead (vault secrets move), or export the secrets first and disable once nothing reads them",
		Match:       []string{"vault secrets disable secret/", "vault secrets disable kv/", "vault namespace delete team-a"},
		NoMatch:     []string{"vault secrets list", "vault secrets enable -path=kv kv-v2", "vault namespace list"},
	}
	svcVaultDestroy = &rule.Rule{
		ID: "shell.vault.destroy", Category: rule.Destructive, Points: svcDestroy,
		Summary:     "Permanently destroys versions of a Vault secret, or all its versions and metadata.",
		Alternative: "vault kv delete (a soft delete that vault kv undelete can reverse)",
		Match:       []string{"vault kv destroy -versions=1-3 secret/myapp/config", "vault kv metadata delete secret/myapp/config", "vault kv destroy -mount=secret -versions=2 myapp"},
		NoMatch:     []string{"vault kv get secret/myapp/config", "vault kv metadata get secret/myapp/config", "vault kv undelete -versions=2 secret/myapp/config"},
	}
	svcVaultDelete = &rule.Rule{
		ID: "shell.vault.delete", Category: rule.Destructive, Points: svcSoftDelete,
		Summary:     "Deletes a Vault secret (kv delete can be undone with vault kv undelete; vault delete on other paths may not).",
		Alternative: "read and keep a copy first (vault kv get -format=json …)",
		Match:       []string{"vault kv delete secret/myapp/config", "vault delete secret/myapp/config", "vault kv delete -mount=secret myapp"},
		NoMatch:     []string{"vault read secret/myapp/config", "vault kv list secret/"},
	}
	svcVaultPolicyDelete = &rule.Rule{
		ID: "shell.vault.policy-delete", Category: rule.Permissions, Points: svcChange,
		Summary:     "Deletes a Vault policy: tokens and roles that rely on it lose their access.",
		Alternative: "read it first (vault policy read NAME > NAME.hcl) so it can be written back",
		Match:       []string{"vault policy delete myapp-policy"},
		NoMatch:     []string{"vault policy list", "vault policy read myapp-policy"},
	}
	svcVaultAuthDisable = &rule.Rule{
		ID: "shell.vault.auth-disable", Category: rule.Credentials, Points: svcLose,
		Summary:     "Disables a Vault auth method: nobody can log in with it and every token it issued is revoked.",
		Alternative: "tune it instead, or check who still logs in with it (vault list auth/…/role) before disabling",
		Match:       []string{"vault auth disable github", "vault auth disable approle/"},
		NoMatch:     []string{"vault auth list", "vault auth enable github"},
	}
	svcVaultRevoke = &rule.Rule{
		ID: "shell.vault.revoke", Category: rule.Credentials, Points: svcChange,
		Summary:     "Revokes Vault leases or tokens: the credentials they stand for stop working at once.",
		Alternative: "look the lease or token up first (vault lease lookup, vault token lookup) and revoke the one you mean",
		Match:       []string{"vault lease revoke -prefix secret/", "vault lease revoke database/creds/readonly/2f6a614c", "vault token revoke 96ddf4bc-d217-f3ba-f9bd-017055595017", "vault token revoke -mode=path auth/github"},
		NoMatch:     []string{"vault lease lookup lease_id", "vault token lookup", "vault lease renew database/creds/readonly/2f6a614c"},
	}
	svcVaultOperator = &rule.Rule{
		ID: "shell.vault.operator", Category: rule.Infrastructure, Points: svcLose,
		Summary:     "Operates on the Vault cluster itself: seals it, removes a Raft peer, restores a snapshot, generates a root token or rotates keys.",
		Alternative: "take a Raft snapshot first (vault operator raft snapshot save) and coordinate with whoever holds the unseal keys",
		Match: []string{"vault operator seal", "vault operator raft remove-peer node3", "vault operator step-down", "vault operator generate-root -init",
			"vault operator raft snapshot restore backup.snap"},
		NoMatch: []string{"vault operator raft list-peers", "vault status", "vault operator key-status"},
	}
	svcVaultAuditOff = &rule.Rule{
		ID: "shell.vault.audit-disable", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Disables a Vault audit device: what happens to the secrets afterwards is no longer recorded.",
		Alternative: "leave auditing on; add the new device first if you are replacing one",
		Match:       []string{"vault audit disable file/", "vault audit disable syslog"},
		NoMatch:     []string{"vault audit list", "vault audit enable file file_path=/var/log/vault_audit.log"},
	}
	svcVaultSys = &rule.Rule{
		ID: "shell.vault.sys-write", Category: rule.Configuration, Points: svcChange,
		Summary:     "Changes Vault's own configuration (sys/ paths, policies, root tokens, plugins, mounts).",
		Alternative: "review the change with vault read on the same path first, and keep Vault's configuration in code",
		Match:       []string{"vault write sys/auth/github/tune default_lease_ttl=1h", "vault delete sys/mounts/old", "vault token create -policy=root", "vault policy write admin admin.hcl", "vault secrets move secret/ kv/"},
		NoMatch:     []string{"vault read sys/mounts", "vault write secret/myapp/config password=x", "vault token create -policy=readonly"},
	}
)

var svcVaultRules = []*rule.Rule{
	svcVaultSecretsDisable, svcVaultDestroy, svcVaultDelete, svcVaultPolicyDelete, svcVaultAuthDisable, svcVaultRevoke, svcVaultOperator, svcVaultAuditOff, svcVaultSys,
}

func svcVaultHandlers() map[string]handler {
	return map[string]handler{"vault": svcVault}
}

func svcVault(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	sub, verb := svcAt(w, 0), svcAt(w, 1)
	last := svcAt(w, len(w)-1)
	if len(w) < 2 {
		last = ""
	}
	if m, ok := c.Flag("-mount"); ok && len(w) > 2 {
		last = m + "/" + last
	}
	switch sub {
	case "status", "read", "list", "print", "path-help", "version", "":
		return
	case "secrets":
		switch verb {
		case "disable":
			r.mutates()
			r.add(c.find(svcVaultSecretsDisable, "Disables the Vault secrets engine at "+svcQuote(svcAt(w, 2))+": every secret stored in it is deleted.", svcAt(w, 2)))
		case "move", "tune":
			r.mutates()
			r.add(c.find(svcVaultSys, "Changes the Vault secrets engine at "+svcQuote(svcAt(w, 2))+" ("+verb+"): applications using the old path or settings may break.", svcAt(w, 2)).WithPoints(svcConfirm))
		case "enable":
			r.mutates()
		}
	case "namespace":
		if verb == "delete" {
			r.mutates()
			r.add(c.find(svcVaultSecretsDisable, "Deletes the Vault namespace "+svcQuote(svcAt(w, 2))+" with every secret, policy and auth method in it.", svcAt(w, 2)))
		} else if verb == "create" || verb == "patch" {
			r.mutates()
		}
	case "kv":
		switch verb {
		case "destroy":
			r.mutates()
			what := "versions"
			if vers, ok := c.Flag("-versions", "-version"); ok && vers != "" {
				what = "version(s) " + vers
			}
			r.add(c.find(svcVaultDestroy, "Permanently destroys "+what+" of the Vault secret "+svcQuote(last)+"; they cannot be recovered.", last))
		case "metadata":
			if svcAt(w, 2) == "delete" {
				r.mutates()
				r.add(c.find(svcVaultDestroy, "Permanently deletes every version and the metadata of the Vault secret "+svcQuote(last)+".", last))
			} else if svcIn(svcAt(w, 2), "put", "patch") {
				r.mutates()
			}
		case "delete":
			r.mutates()
			r.add(c.find(svcVaultDelete, "Deletes the latest version of the Vault secret "+svcQuote(last)+" (vault kv undelete can bring it back).", last))
		case "put", "patch", "rollback", "undelete", "enable-versioning":
			r.mutates()
		}
	case "delete":
		r.mutates()
		p := svcAt(w, 1)
		if strings.HasPrefix(strings.TrimPrefix(p, "/"), "sys/") {
			r.add(c.find(svcVaultSys, "Deletes Vault's configuration at "+p+".", p))
			return
		}
		r.add(c.find(svcVaultDelete, "Deletes the data at the Vault path "+svcQuote(p)+"; on a version-1 KV store or a secrets engine's config it cannot be recovered.", p).WithPoints(svcLose))
	case "write", "patch":
		r.mutates()
		p := strings.TrimPrefix(svcAt(w, 1), "/")
		if strings.HasPrefix(p, "sys/") {
			r.add(c.find(svcVaultSys, "Writes Vault's own configuration at "+p+".", p))
		}
	case "policy":
		switch verb {
		case "delete":
			r.mutates()
			r.add(c.find(svcVaultPolicyDelete, "Deletes the Vault policy "+svcQuote(svcAt(w, 2))+": tokens and roles that rely on it lose their access.", svcAt(w, 2)))
		case "write":
			r.mutates()
			r.add(c.find(svcVaultSys, "Writes the Vault policy "+svcQuote(svcAt(w, 2))+", changing what its tokens may do.", svcAt(w, 2)).WithPoints(svcConfirm))
		}
	case "auth":
		switch verb {
		case "disable":
			r.mutates()
			r.add(c.find(svcVaultAuthDisable, "Disables the Vault auth method at "+svcQuote(svcAt(w, 2))+": nobody can log in with it and every token it issued is revoked.", svcAt(w, 2)))
		case "enable", "tune", "move":
			r.mutates()
		}
	case "lease":
		switch verb {
		case "revoke":
			r.mutates()
			id := svcAt(w, 2)
			if c.Has("-prefix", "-force") {
				r.add(c.find(svcVaultRevoke, "Revokes every Vault lease under "+svcQuote(id)+": all the credentials they stand for stop working at once.", id).WithPoints(svcLose))
				return
			}
			r.add(c.find(svcVaultRevoke, "Revokes the Vault lease "+svcQuote(id)+": the credential it stands for stops working.", id))
		case "renew":
			r.mutates()
		}
	case "token":
		switch verb {
		case "revoke":
			r.mutates()
			what := "the Vault token " + svcQuote(svcAt(w, 2))
			if c.Has("-self") {
				what = "the Vault token in use"
			}
			r.add(c.find(svcVaultRevoke, "Revokes "+what+" and the tokens and leases created from it.", svcAt(w, 2)))
		case "create":
			r.mutates()
			for _, p := range svcFlagValues(c, "-policy") {
				if p == "root" {
					r.add(c.find(svcVaultSys, "Creates a new Vault token with the root policy: it can do anything in Vault.", "root"))
					return
				}
			}
		case "renew":
			r.mutates()
		}
	case "operator":
		third := svcAt(w, 2)
		if svcIn(verb, "key-status", "members", "usage", "diagnose", "") || verb == "raft" && svcIn(third, "list-peers", "autopilot") && svcAt(w, 3) != "set-config" {
			return
		}
		r.mutates()
		switch {
		case verb == "seal":
			r.add(c.find(svcVaultOperator, "Seals Vault: every application loses access to its secrets until someone unseals it with the unseal keys."))
		case verb == "step-down":
			r.add(c.find(svcVaultOperator, "Makes the active Vault node step down; requests fail over to another node.").WithPoints(svcConfirm))
		case verb == "raft" && third == "remove-peer":
			r.add(c.find(svcVaultOperator, "Removes "+svcQuote(svcAt(w, 3))+" from Vault's Raft cluster: with too few nodes left, Vault stops.", svcAt(w, 3)))
		case verb == "raft" && third == "snapshot" && svcAt(w, 3) == "restore":
			r.add(c.find(svcVaultOperator, "Replaces all of Vault's data with the snapshot "+svcQuote(svcAt(w, 4))+".", svcAt(w, 4)).WithPoints(svcDestroy))
		case verb == "generate-root":
			r.add(c.find(svcVaultOperator, "Starts generating a new Vault root token, which can do anything in Vault."))
		case svcIn(verb, "rekey", "rotate", "rotate-keys"):
			r.add(c.find(svcVaultOperator, "Rotates Vault's keys ("+verb+"): whoever holds the old unseal keys must get the new ones.").WithPoints(svcChange))
		}
	case "audit":
		if verb == "disable" {
			r.mutates()
			r.add(c.find(svcVaultAuditOff, "Disables the Vault audit device "+svcQuote(svcAt(w, 2))+": what is done with the secrets afterwards is no longer recorded.", svcAt(w, 2)))
		} else if verb == "enable" {
			r.mutates()
		}
	case "plugin":
		if verb == "deregister" {
			r.mutates()
			r.add(c.find(svcVaultSys, "Removes the Vault plugin "+svcQuote(last)+": the mounts that use it stop working.", last))
		} else if verb == "register" || verb == "reload" {
			r.mutates()
		}
	default:
		r.mutates()
	}
}
