package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Google Cloud: gcloud and gsutil. BigQuery's bq belongs to the database family.

var (
	gcloudDelete = &rule.Rule{
		ID:          "shell.gcloud.delete",
		Summary:     "Deletes Google Cloud resources or data (projects, instances, databases, buckets, objects…).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Describe the resource first and take a backup or snapshot; turn on deletion protection for what matters.",
		Match: []string{
			"gcloud projects delete my-project", "gcloud sql instances delete prod-db", "gcloud compute instances delete vm-1 --zone us-central1-a",
			"gcloud storage rm -r gs://my-bucket", "gsutil rm -r gs://my-bucket/data", "gsutil -m rm gs://b/**", "gsutil rb gs://old-bucket",
			"gsutil rsync -d -r ./site gs://www-bucket", "gcloud run services delete api --region europe-west1",
		},
		NoMatch: []string{"gcloud projects list", "gcloud compute instances list", "gsutil ls gs://b", "gcloud config set project demo", "gcloud sql instances describe prod-db"},
	}
	gcloudRemove = &rule.Rule{
		ID:          "shell.gcloud.remove",
		Summary:     "Stops, disables or removes Google Cloud resources, or deletes a single object.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Describe the resource first; most of these can be undone with start, enable or add.",
		Match:       []string{"gcloud compute instances stop vm-1", "gcloud projects remove-iam-policy-binding p --member user:a@x.com --role roles/viewer", "gsutil rm gs://b/file.txt", "gcloud services disable compute.googleapis.com"},
		NoMatch:     []string{"gcloud compute instances describe vm-1"},
	}
	gcloudChange = &rule.Rule{
		ID:          "shell.gcloud.change",
		Summary:     "Changes or deploys Google Cloud resources.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Describe the current state first so the change can be reverted.",
		Match:       []string{"gcloud run deploy api --image gcr.io/p/api", "gcloud app deploy", "gcloud compute instances add-metadata vm-1 --metadata k=v", "gsutil mv gs://b/a gs://b/b"},
		NoMatch:     []string{"gcloud run services list", "gcloud app describe"},
	}
	gcloudCreate = &rule.Rule{
		ID:          "shell.gcloud.create",
		Summary:     "Creates or starts Google Cloud resources (it may cost money), or uploads files.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"gcloud compute instances create vm-1", "gsutil mb gs://new-bucket", "gcloud sql instances create db1 --tier=db-f1-micro"},
		NoMatch:     []string{"gcloud compute instances list"},
	}
	gcloudUpload = &rule.Rule{
		ID:          "shell.gcloud.upload",
		Summary:     "Uploads files to Cloud Storage.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"gsutil cp report.csv gs://b/reports/", "gcloud storage cp -r dist gs://www-bucket"},
		NoMatch:     []string{"gsutil cp gs://b/reports/report.csv ."},
	}
	gcloudIAMAdmin = &rule.Rule{
		ID:          "shell.gcloud.iam-admin",
		Summary:     "Grants an owner, editor or administrator role in Google Cloud.",
		Points:      infraAdmin,
		Category:    rule.Permissions,
		Alternative: "Grant a predefined role limited to the service and actions the task needs.",
		Match:       []string{"gcloud projects add-iam-policy-binding my-proj --member=user:bob@x.com --role=roles/owner", "gcloud organizations add-iam-policy-binding 123 --member serviceAccount:ci@p.iam.gserviceaccount.com --role roles/resourcemanager.organizationAdmin"},
		NoMatch:     []string{"gcloud projects add-iam-policy-binding my-proj --member=user:bob@x.com --role=roles/viewer", "gcloud projects get-iam-policy my-proj"},
	}
	gcloudIAMChange = &rule.Rule{
		ID:          "shell.gcloud.iam-change",
		Summary:     "Changes who may do what in Google Cloud (IAM bindings and policies).",
		Points:      infraRemove,
		Category:    rule.Permissions,
		Alternative: "Save the current policy first (`get-iam-policy … > policy.json`).",
		Match:       []string{"gcloud projects add-iam-policy-binding my-proj --member=user:bob@x.com --role=roles/viewer", "gcloud projects set-iam-policy my-proj policy.json", "gsutil iam ch user:a@x.com:objectViewer gs://b"},
		NoMatch:     []string{"gcloud projects get-iam-policy my-proj"},
	}
	gcloudPublic = &rule.Rule{
		ID:          "shell.gcloud.public",
		Summary:     "Makes Google Cloud data or services public (allUsers or allAuthenticatedUsers).",
		Points:      infraDestroy,
		Category:    rule.Permissions,
		Alternative: "Share with named members, or use signed URLs (`gcloud storage sign-url`).",
		Match:       []string{"gsutil iam ch allUsers:objectViewer gs://b", "gsutil acl ch -u AllUsers:R gs://b/file", "gcloud run services add-iam-policy-binding api --member=allUsers --role=roles/run.invoker"},
		NoMatch:     []string{"gsutil iam get gs://b"},
	}
	gcloudCredentials = &rule.Rule{
		ID:          "shell.gcloud.credentials",
		Summary:     "Creates a long-lived service account key.",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Use workload identity or impersonation (`--impersonate-service-account`) instead of key files.",
		Match:       []string{"gcloud iam service-accounts keys create key.json --iam-account ci@p.iam.gserviceaccount.com"},
		NoMatch:     []string{"gcloud iam service-accounts keys list --iam-account ci@p.iam.gserviceaccount.com"},
	}
)

var gcpRules = []*rule.Rule{
	gcloudDelete, gcloudRemove, gcloudChange, gcloudCreate, gcloudUpload, gcloudIAMAdmin, gcloudIAMChange, gcloudPublic, gcloudCredentials,
}

func gcpHandlers() map[string]handler {
	return map[string]handler{"gcloud": gcloudHandler, "gsutil": gsutilHandler}
}

// gcloudLocal are gcloud groups that change only the local installation.
var gcloudLocal = infraSet("config", "auth", "components", "init", "topic", "info", "docker", "survey", "feedback", "version", "help", "cheat-sheet", "interactive")

func gcloudHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	groups, verb, rest := cloudCommand(c.Positional())
	if verb == "" {
		return
	}
	project, _ := c.Flag("--project")
	t := infraTargets(append(append([]string(nil), rest...), project)...)
	what := strings.Join(groups, " ")
	if len(rest) > 0 {
		what += " " + infraList(rest)
	}
	what = strings.TrimSpace(what)
	// Cloud Storage through gcloud behaves like gsutil.
	if len(groups) > 0 && groups[0] == "storage" && (verb == "rm" || verb == "cp" || verb == "mv" || verb == "rsync" || verb == "ls" || verb == "cat" || verb == "du") {
		storageCommand(c, r, verb, rest, c.Has("-r", "-R", "--recursive", "-a", "--all-versions"), c.Has("--delete-unmatched-destination-objects"))
		return
	}
	if len(groups) > 0 && gcloudLocal[groups[0]] || len(groups) == 0 && gcloudLocal[verb] {
		r.mutates() // local configuration, credentials or components
		return
	}
	if verb == "ssh" {
		if cmd, ok := c.Flag("--command"); ok && cmd != "" {
			r.mutates()
			r.script(cmd, c, "runs on the VM "+firstOf(rest))
		}
		return
	}
	if strings.HasSuffix(verb, "iam-policy-binding") || verb == "set-iam-policy" || strings.HasSuffix(verb, "-iam-policy") && verb != "get-iam-policy" {
		if verb == "get-iam-policy" {
			return
		}
		r.mutates()
		gcloudIAM(c, r, verb, what, t)
		return
	}
	if len(groups) >= 2 && groups[len(groups)-2] == "service-accounts" && groups[len(groups)-1] == "keys" && verb == "create" {
		r.mutates()
		r.add(c.find(gcloudCredentials, "Creates a key file for service account "+infraOr(firstOf(infraFlagValues(c, "--iam-account")), "(unnamed)")+".", t...))
		return
	}
	act := cloudVerbOf(verb)
	if verb == "rm" {
		act = actDestroy
	}
	if act == actRead || act == actUnknown {
		if act == actUnknown && verb != "" && len(groups) > 0 {
			r.mutates()
		}
		return
	}
	r.mutates()
	if act == actCreate || act == actChange {
		if src := strings.Join(infraFlagValues(c, "--source-ranges", "--authorized-networks"), ","); strings.Contains(src, "0.0.0.0/0") || strings.Contains(src, "::/0") {
			r.add(c.find(cloudOpenIngress, "Opens "+what+" to the whole internet.", t...))
			return
		}
	}
	switch act {
	case actDestroy:
		msg := "Deletes " + what + "."
		if len(groups) == 1 && groups[0] == "projects" {
			msg = "Shuts down project " + infraList(rest) + " and every resource in it (it can be restored for 30 days, but everything stops now)."
		}
		r.add(c.find(gcloudDelete, msg, t...))
	case actRemove:
		r.add(c.find(gcloudRemove, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actChange:
		r.add(c.find(gcloudChange, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actCreate:
		r.add(c.find(gcloudCreate, cloudVerbPhrase(verb)+" "+what+".", t...))
	}
}

// gcloudAdminRole reports a role that amounts to control of the project.
func gcloudAdminRole(role string) bool {
	role = strings.TrimPrefix(role, "roles/")
	switch role {
	case "owner", "editor", "iam.securityAdmin", "iam.serviceAccountAdmin", "iam.serviceAccountTokenCreator",
		"iam.serviceAccountUser", "iam.roleAdmin", "iam.workloadIdentityPoolAdmin":
		return true
	}
	return strings.HasPrefix(role, "resourcemanager.") && strings.HasSuffix(role, "Admin") || strings.HasSuffix(role, "organizationAdmin")
}

func gcloudIAM(c *Cmd, r *report, verb, what string, t []string) {
	member, _ := c.Flag("--member")
	role, _ := c.Flag("--role")
	switch {
	case strings.HasPrefix(verb, "add") && (member == "allUsers" || member == "allAuthenticatedUsers"):
		r.add(c.find(gcloudPublic, "Grants "+role+" on "+what+" to "+member+": anyone on the internet.", t...))
	case strings.HasPrefix(verb, "add") && gcloudAdminRole(role):
		r.add(c.find(gcloudIAMAdmin, "Grants "+role+" on "+what+" to "+infraOr(member, "a member")+".", append(t, member)...))
	case strings.HasPrefix(verb, "remove"):
		r.add(c.find(gcloudRemove, "Removes "+infraOr(role, "a role")+" on "+what+" from "+infraOr(member, "a member")+".", t...))
	default:
		r.add(c.find(gcloudIAMChange, "Changes the IAM policy of "+what+" ("+verb+").", t...))
	}
}

// storageCommand handles rm, cp, mv and rsync of gsutil and gcloud storage.
func storageCommand(c *Cmd, r *report, verb string, paths []string, recursive, deleteExtra bool) {
	remote := func(p string) bool { return strings.HasPrefix(p, "gs://") }
	src, dst := firstOf(paths), ""
	if len(paths) > 1 {
		dst = paths[len(paths)-1]
	}
	switch verb {
	case "ls", "cat", "du", "stat", "hash":
		return
	case "rm":
		r.mutates()
		wild := false
		for _, p := range paths {
			if strings.Contains(p, "*") {
				wild = true
			}
		}
		if recursive || wild {
			r.add(c.find(gcloudDelete, "Deletes every object under "+infraList(paths)+".", paths...))
			return
		}
		r.add(c.find(gcloudRemove, "Deletes the object "+infraList(paths)+".", paths...))
	case "rsync":
		r.mutates()
		if deleteExtra {
			r.add(c.find(gcloudDelete, "Deletes every object in "+dst+" that is not in "+src+".", dst))
			return
		}
		if remote(dst) {
			r.add(c.find(gcloudUpload, "Uploads "+src+" to "+dst+".", dst))
		}
	case "cp":
		r.mutates()
		if remote(dst) {
			r.add(c.find(gcloudUpload, "Uploads "+infraList(paths[:max(len(paths)-1, 1)])+" to "+dst+".", dst))
		}
	case "mv":
		r.mutates()
		r.add(c.find(gcloudChange, "Moves "+src+" to "+dst+"; the source is deleted.", infraTargets(src, dst)...))
	}
}

func gsutilHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	// The spec reads the global options, the command and its own options.
	av := c.Argv()
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb := words[0]
	sub := infraSub(c, av.wordArg[0]+1)
	paths := words[1:]
	switch verb {
	case "rm", "cp", "mv", "ls", "cat", "du", "stat", "hash":
		if verb == "cp" || verb == "mv" {
			if acl, _ := c.Flag("-a"); acl == "public-read" || acl == "public-read-write" {
				r.mutates()
				r.add(c.find(gcloudPublic, "Uploads "+firstOf(paths)+" readable by anyone on the internet.", paths...))
				return
			}
		}
		storageCommand(c, r, verb, paths, c.Has("-r", "-R", "-a"), false)
	case "rsync":
		storageCommand(c, r, verb, paths, true, c.Has("-d"))
	case "rb":
		r.mutates()
		msg := "Deletes the bucket " + infraList(paths) + "."
		if c.Has("-f") {
			msg = "Deletes the bucket " + infraList(paths) + " and everything in it."
		}
		r.add(c.find(gcloudDelete, msg, paths...))
	case "mb":
		r.mutates()
		r.add(c.find(gcloudCreate, "Creates the bucket "+infraList(paths)+".", paths...))
	case "acl", "defacl", "iam":
		words := words[1:]
		if len(words) == 0 || words[0] == "get" {
			return
		}
		r.mutates()
		all := strings.Join(sub.Args, " ")
		if strings.Contains(all, "allUsers") || strings.Contains(all, "AllUsers") || strings.Contains(all, "allAuthenticatedUsers") ||
			strings.Contains(all, "AllAuthenticatedUsers") || strings.Contains(all, "public-read") {
			r.add(c.find(gcloudPublic, "Makes "+infraOr(lastOf(words), "the objects")+" readable by anyone on the internet.", lastOf(words)))
			return
		}
		if strings.Contains(strings.ToLower(all), ":admin") || strings.Contains(all, "roles/storage.admin") || strings.Contains(all, ":O") {
			r.add(c.find(gcloudIAMChange, "Grants administrator access to "+lastOf(words)+".", lastOf(words)))
			return
		}
		r.add(c.find(gcloudIAMChange, "Changes who may access "+infraOr(lastOf(words), "the bucket")+".", lastOf(words)))
	case "lifecycle", "versioning", "retention":
		words := words[1:]
		if len(words) == 0 || words[0] == "get" {
			return
		}
		r.mutates()
		switch {
		case verb == "versioning" && len(words) > 1 && words[1] == "off":
			r.add(c.find(gcloudRemove, "Turns off versioning of "+lastOf(words)+": later deletions and overwrites cannot be undone.", lastOf(words)))
		case verb == "lifecycle":
			r.add(c.find(gcloudRemove, "Sets the lifecycle rules of "+lastOf(words)+", which can delete objects on a schedule.", lastOf(words)))
		default:
			r.add(c.find(gcloudChange, "Changes the "+verb+" settings of "+lastOf(words)+".", lastOf(words)))
		}
	case "setmeta", "label", "cors", "web", "logging", "notification", "kms", "autoclass", "rewrite", "compose", "requesterpays", "defstorageclass", "pap", "ubla", "bucketpolicyonly":
		words := words[1:]
		if len(words) > 0 && words[0] == "get" {
			return
		}
		r.mutates()
		r.add(c.find(gcloudChange, "Changes the "+verb+" settings of "+infraOr(lastOf(words), "the bucket")+".", lastOf(words)))
	case "version", "signurl", "help", "perfdiag":
	default:
		r.mutates() // config, update, test…
	}
}
