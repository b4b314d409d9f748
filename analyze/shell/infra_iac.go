package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Infrastructure as code: Terraform, OpenTofu, Terragrunt, Pulumi, the AWS
// CDK and the Serverless Framework.

var (
	tfDestroy = &rule.Rule{
		ID:          "shell.terraform.destroy",
		Summary:     "Destroys the infrastructure managed by a Terraform configuration.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`terraform plan -destroy` shows what would be destroyed; -target limits it to one resource.",
		Match: []string{
			"terraform destroy", "terraform destroy -auto-approve", "tofu destroy -target=aws_instance.web",
			"terraform apply -destroy -auto-approve", "terraform -chdir=envs/prod destroy", "terragrunt run-all destroy",
			"terragrunt destroy --terragrunt-non-interactive",
		},
		NoMatch: []string{"terraform plan -destroy", "terraform plan", "terraform validate", "terraform fmt -recursive", "terraform show", "terraform output -json", "terraform init -upgrade"},
	}
	tfApplyAuto = &rule.Rule{
		ID:          "shell.terraform.apply-auto-approve",
		Summary:     "Applies Terraform changes without showing the plan for approval.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Run `terraform plan -out=tfplan`, review it, then `terraform apply tfplan`.",
		Match:       []string{"terraform apply -auto-approve", "tofu apply --auto-approve -var env=prod", "terraform apply tfplan", "terragrunt run-all apply"},
		NoMatch:     []string{"terraform apply", "terraform plan -out=tfplan"},
	}
	tfApply = &rule.Rule{
		ID:          "shell.terraform.apply",
		Summary:     "Applies Terraform changes to real infrastructure (Terraform asks for confirmation).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`terraform plan` shows the changes without making them.",
		Match:       []string{"terraform apply", "tofu apply -var-file=prod.tfvars", "terraform apply -refresh-only"},
		NoMatch:     []string{"terraform plan", "terraform apply -auto-approve"},
	}
	tfState = &rule.Rule{
		ID:          "shell.terraform.state",
		Summary:     "Edits Terraform state by hand: resources can become unmanaged or be destroyed by the next apply.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Back the state up with `terraform state pull > backup.tfstate` first; prefer `moved` and `removed` blocks in code.",
		Match:       []string{"terraform state rm aws_instance.web", "terraform state mv module.a module.b", "tofu state replace-provider hashicorp/aws registry.acme/aws", "terraform force-unlock 1234-abcd"},
		NoMatch:     []string{"terraform state list", "terraform state show aws_instance.web", "terraform state pull", "terraform state rm aws_instance.web -dry-run"},
	}
	tfStatePush = &rule.Rule{
		ID:          "shell.terraform.state-push",
		Summary:     "Overwrites the remote Terraform state with a local file.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Pull and keep a copy of the current state first (`terraform state pull > backup.tfstate`).",
		Match:       []string{"terraform state push terraform.tfstate", "terraform state push -force old.tfstate"},
		NoMatch:     []string{"terraform state pull"},
	}
	tfTaint = &rule.Rule{
		ID:          "shell.terraform.taint",
		Summary:     "Marks a Terraform resource to be destroyed and recreated on the next apply.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`terraform apply -replace=ADDRESS` shows the replacement in the plan instead.",
		Match:       []string{"terraform taint aws_instance.web", "terraform untaint aws_instance.web"},
		NoMatch:     []string{"terraform plan -replace=aws_instance.web"},
	}
	tfWorkspaceDelete = &rule.Rule{
		ID:          "shell.terraform.workspace-delete",
		Summary:     "Deletes a Terraform workspace and its state; with -force, resources it still manages are orphaned.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Destroy or move the workspace's resources first, and keep a `terraform state pull` copy.",
		Match:       []string{"terraform workspace delete staging", "tofu workspace delete -force old"},
		NoMatch:     []string{"terraform workspace list", "terraform workspace select prod", "terraform workspace new dev"},
	}
	tfImport = &rule.Rule{
		ID:          "shell.terraform.import",
		Summary:     "Brings an existing resource under Terraform management; the next apply may change or destroy it.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Use an `import` block and review `terraform plan` before applying.",
		Match:       []string{"terraform import aws_s3_bucket.logs my-logs-bucket"},
		NoMatch:     []string{"terraform plan -generate-config-out=generated.tf"},
	}

	pulumiDestroy = &rule.Rule{
		ID:          "shell.pulumi.destroy",
		Summary:     "Destroys every resource of a Pulumi stack.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`pulumi destroy --preview-only` (or `pulumi preview --diff`) shows what would be destroyed.",
		Match:       []string{"pulumi destroy", "pulumi destroy --yes -s prod", "pulumi down -y"},
		NoMatch:     []string{"pulumi destroy --preview-only", "pulumi preview", "pulumi stack ls"},
	}
	pulumiUpYes = &rule.Rule{
		ID:          "shell.pulumi.up-yes",
		Summary:     "Deploys Pulumi changes without showing the preview for approval.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Run `pulumi preview` and review it, then `pulumi up`.",
		Match:       []string{"pulumi up --yes", "pulumi up -y -s prod", "pulumi update --skip-preview --yes"},
		NoMatch:     []string{"pulumi up", "pulumi preview"},
	}
	pulumiUp = &rule.Rule{
		ID:          "shell.pulumi.up",
		Summary:     "Deploys Pulumi changes to real infrastructure (Pulumi shows a preview and asks).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`pulumi preview` shows the changes without making them.",
		Match:       []string{"pulumi up", "pulumi up -s dev", "pulumi import aws:s3/bucket:Bucket logs my-logs", "pulumi cancel"},
		NoMatch:     []string{"pulumi preview", "pulumi stack output", "pulumi config get region"},
	}
	pulumiStackRm = &rule.Rule{
		ID:          "shell.pulumi.stack-rm",
		Summary:     "Removes a Pulumi stack with its configuration and update history (with --force, even while it still manages resources).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Export the stack first (`pulumi stack export --file backup.json`) and destroy its resources before removing it.",
		Match:       []string{"pulumi stack rm dev", "pulumi stack rm prod --force --yes"},
		NoMatch:     []string{"pulumi stack ls", "pulumi stack select dev", "pulumi stack export"},
	}
	pulumiState = &rule.Rule{
		ID:          "shell.pulumi.state",
		Summary:     "Edits Pulumi state by hand: resources can become unmanaged or be deleted by the next update.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Export the stack first (`pulumi stack export --file backup.json`).",
		Match:       []string{"pulumi state delete 'urn:pulumi:dev::app::aws:s3/bucket:Bucket::logs'", "pulumi state unprotect URN", "pulumi stack import --file state.json"},
		NoMatch:     []string{"pulumi stack export --file backup.json"},
	}

	cdkDestroy = &rule.Rule{
		ID:          "shell.cdk.destroy",
		Summary:     "Deletes the CloudFormation stacks of an AWS CDK app and the resources in them.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`cdk diff` shows what the stacks hold; set removalPolicy RETAIN on data you want to keep.",
		Match:       []string{"cdk destroy", "cdk destroy --all --force", "cdk destroy ProdStack"},
		NoMatch:     []string{"cdk diff", "cdk synth", "cdk ls"},
	}
	cdkDeploy = &rule.Rule{
		ID:          "shell.cdk.deploy",
		Summary:     "Deploys AWS CDK stacks to a real account.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`cdk diff` shows the changes first.",
		Match:       []string{"cdk deploy", "cdk deploy ProdStack --require-approval never", "cdk bootstrap aws://123456789012/us-east-1"},
		NoMatch:     []string{"cdk diff", "cdk synth", "cdk doctor"},
	}

	slsRemove = &rule.Rule{
		ID:          "shell.serverless.remove",
		Summary:     "Removes a deployed serverless application or stack (Serverless Framework, SAM, SST, Amplify, Copilot, Elastic Beanstalk) and its resources.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`serverless info --stage STAGE` shows what is deployed; back up data held in the stack's resources.",
		Match:       []string{"serverless remove", "sls remove --stage prod", "serverless remove -s dev", "sam delete --stack-name api --no-prompts", "sst remove --stage prod", "amplify delete --force", "copilot app delete --yes", "eb terminate prod-env --force"},
		NoMatch:     []string{"sls info", "serverless print", "sls package"},
	}
	slsDeploy = &rule.Rule{
		ID:          "shell.serverless.deploy",
		Summary:     "Deploys (or rolls back) a serverless application (Serverless Framework, SAM, SST, Amplify, Copilot, Elastic Beanstalk).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`serverless package` builds the deployment without sending it.",
		Match:       []string{"sls deploy", "serverless deploy --stage prod", "sls deploy function -f api", "serverless rollback --timestamp 1700000000", "sam deploy --guided", "sst deploy --stage prod", "amplify push -y", "copilot svc deploy --env prod", "eb deploy prod-env"},
		NoMatch:     []string{"sls package", "sls invoke local -f api", "sam build", "sam validate", "sst dev", "amplify status", "eb status"},
	}
	slsInvoke = &rule.Rule{
		ID:          "shell.serverless.invoke",
		Summary:     "Invokes a deployed function for real.",
		Points:      infraCreate,
		Category:    rule.Execution,
		Alternative: "`serverless invoke local` runs it on this machine.",
		Match:       []string{"sls invoke -f processOrders --stage prod", "sam remote invoke ProcessOrders --stack-name api"},
		NoMatch:     []string{"sls invoke local -f processOrders", "sam local invoke ProcessOrders"},
	}
)

var iacRules = []*rule.Rule{
	tfDestroy, tfApplyAuto, tfApply, tfState, tfStatePush, tfTaint, tfWorkspaceDelete, tfImport,
	pulumiDestroy, pulumiUpYes, pulumiUp, pulumiStackRm, pulumiState, cdkDestroy, cdkDeploy,
	slsRemove, slsDeploy, slsInvoke,
}

func iacHandlers() map[string]handler {
	return map[string]handler{
		"terraform":  terraformHandler,
		"tofu":       terraformHandler,
		"terragrunt": terraformHandler,
		"pulumi":     pulumiHandler,
		"cdk":        cdkHandler,
		"cdktf":      cdkHandler,
		"serverless": serverlessHandler,
		"sls":        serverlessHandler,
	}
}

// tfFlag reports whether a Terraform-style flag (-name or --name, with or
// without =value) is present, and its value.
func tfFlag(args []string, name string) (string, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name {
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				return args[i+1], true
			}
			return "", true
		}
		if strings.HasPrefix(a, name+"=") {
			return a[len(name)+1:], true
		}
	}
	return "", false
}

// tfBool reports whether a Terraform boolean flag is on.
func tfBool(args []string, name string) bool {
	for _, a := range args {
		// terragrunt run -- destroy -auto-approve: what follows "--" is
		// the terraform command, with its own options.
		if a == "--" || !strings.HasPrefix(a, "-") {
			continue
		}
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name || a == name+"=true" {
			return true
		}
	}
	return false
}

// tfWords returns the operands of a Terraform-style command line, read
// with its spec; what follows terragrunt's "--" is a terraform command,
// read with terraform's.
func tfWords(c *Cmd) []string {
	av := c.Argv()
	words := c.Positional()
	if av.optsDone <= 0 {
		return words
	}
	var out []string
	for k, w := range words {
		if av.wordArg[k] < av.optsDone {
			out = append(out, w)
		}
	}
	rest := c.Args[av.optsDone:]
	dyn := make([]bool, len(rest))
	if len(c.Dynamic) >= len(c.Args) {
		copy(dyn, c.Dynamic[av.optsDone:])
	}
	return append(out, parseArgv(SpecFor("terraform"), rest, dyn).words...)
}

func terraformHandler(c *Cmd, r *report) {
	if infraHelp(c) || tfBool(c.Args, "help") || tfBool(c.Args, "version") {
		return
	}
	words := tfWords(c)
	scope := ""
	if c.Name == "terragrunt" {
		// terragrunt run-all CMD, terragrunt run --all CMD, terragrunt run -- CMD
		for len(words) > 0 && (words[0] == "run-all" || words[0] == "run") {
			if words[0] == "run-all" || tfBool(c.Args, "all") {
				scope = " in every module below this directory"
			}
			words = words[1:]
		}
		// Terragrunt's old destroy-all, apply-all, plan-all.
		if len(words) > 0 && strings.HasSuffix(words[0], "-all") {
			// A copy: words may be the command's own record, which
			// later readers of the same command share.
			words = append([]string{strings.TrimSuffix(words[0], "-all")}, words[1:]...)
			scope = " in every module below this directory"
		}
	}
	if len(words) == 0 {
		return
	}
	verb, args := words[0], words[1:]
	tool := "Terraform"
	if c.Name == "tofu" {
		tool = "OpenTofu"
	}
	targets := tfTargets(c)
	dry := tfBool(c.Args, "dry-run")
	switch verb {
	case "destroy":
		r.mutates()
		msg := "Destroys the infrastructure managed by this " + tool + " configuration" + scope
		if t := infraFlagValues(c, "-target", "--target"); len(t) > 0 {
			msg = "Destroys " + infraList(t) + scope
		}
		if tfBool(c.Args, "auto-approve") || tfBool(c.Args, "terragrunt-non-interactive") || tfBool(c.Args, "non-interactive") {
			msg += ", without asking for confirmation"
		}
		r.add(c.find(tfDestroy, msg+".", targets...))
	case "apply":
		r.mutates()
		if tfBool(c.Args, "destroy") {
			r.add(c.find(tfDestroy, "Destroys the infrastructure managed by this "+tool+" configuration"+scope+" (apply -destroy).", targets...))
			return
		}
		switch {
		case tfBool(c.Args, "auto-approve") || scope != "" && tfBool(c.Args, "terragrunt-non-interactive"):
			r.add(c.find(tfApplyAuto, "Applies "+tool+" changes"+scope+" without showing the plan for approval.", targets...))
		case len(args) > 0:
			r.add(c.find(tfApplyAuto, "Applies the saved plan "+args[0]+" at once, without asking.", append(targets, args[0])...))
		case scope != "":
			r.add(c.find(tfApplyAuto, "Applies "+tool+" changes"+scope+".", targets...))
		default:
			r.add(c.find(tfApply, "Applies "+tool+" changes to real infrastructure after showing the plan.", targets...))
		}
	case "state":
		if len(args) == 0 {
			return
		}
		switch args[0] {
		case "list", "show", "pull", "identities":
			return
		case "push":
			r.mutates()
			r.add(c.find(tfStatePush, "Overwrites the remote "+tool+" state with "+infraOr(firstOf(args[1:]), "a local file")+".", targets...))
		default:
			if dry {
				return
			}
			r.mutates()
			r.add(c.find(tfState, "Edits the "+tool+" state by hand (state "+args[0]+" "+infraList(args[1:])+").", append(targets, args[1:]...)...))
		}
	case "force-unlock":
		r.mutates()
		r.add(c.find(tfState, "Removes the lock on the "+tool+" state; if another run is still going, the state can be corrupted.", targets...))
	case "taint":
		r.mutates()
		r.add(c.find(tfTaint, "Marks "+infraList(args)+" to be destroyed and recreated on the next apply.", append(targets, args...)...))
	case "untaint":
		r.mutates()
		r.add(c.find(tfTaint, "Clears the taint on "+infraList(args)+".", append(targets, args...)...))
	case "workspace":
		if len(args) == 0 {
			return
		}
		switch args[0] {
		case "delete":
			r.mutates()
			msg := "Deletes the " + tool + " workspace " + infraList(args[1:]) + " and its state"
			if tfBool(c.Args, "force") {
				msg += ", even if it still manages resources"
			}
			r.add(c.find(tfWorkspaceDelete, msg+".", append(targets, args[1:]...)...))
		case "new", "select":
			r.mutates()
		}
	case "import":
		r.mutates()
		r.add(c.find(tfImport, "Brings "+infraList(args)+" under "+tool+" management.", append(targets, args...)...))
	case "refresh", "login", "logout", "fmt", "init", "get", "test", "hclfmt", "render-json":
		r.mutates() // local files or the state's view of reality; routine
	}
	// plan, validate, show, output, providers, version, graph, console, modules, metadata: reads.
}

// tfTargets lists the directory, variable files and resource targets.
func tfTargets(c *Cmd) []string {
	var t []string
	if d, ok := tfFlag(c.Args, "chdir"); ok {
		t = append(t, d)
	}
	t = append(t, infraFlagValues(c, "-var-file", "--var-file", "-target", "--target", "--terragrunt-working-dir", "--working-dir")...)
	return infraTargets(t...)
}

func pulumiHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	stack, _ := c.Flag("-s", "--stack")
	cwd, _ := c.Flag("-C", "--cwd")
	targets := infraTargets(append([]string{stack, cwd}, infraFlagValues(c, "--target", "-t")...)...)
	on := ""
	if stack != "" {
		on = " of stack " + stack
	}
	yes := c.Has("--yes", "-y", "--skip-preview", "-f")
	verb, args := words[0], words[1:]
	switch verb {
	case "destroy", "down", "dn":
		if c.Has("--preview-only") {
			return
		}
		r.mutates()
		msg := "Destroys every resource" + on
		if t := infraFlagValues(c, "--target", "-t"); len(t) > 0 {
			msg = "Destroys " + infraList(t) + on
		}
		if yes {
			msg += ", without asking"
		}
		r.add(c.find(pulumiDestroy, msg+".", targets...))
	case "up", "update":
		if c.Has("--preview-only") {
			return
		}
		r.mutates()
		if yes {
			r.add(c.find(pulumiUpYes, "Deploys Pulumi changes"+on+" without showing the preview for approval.", targets...))
			return
		}
		r.add(c.find(pulumiUp, "Deploys Pulumi changes"+on+" after a preview.", targets...))
	case "import":
		if c.Has("--preview-only") {
			return
		}
		r.mutates()
		r.add(c.find(pulumiUp, "Brings "+infraList(args)+" under Pulumi management"+on+".", append(targets, args...)...))
	case "cancel":
		r.mutates()
		r.add(c.find(pulumiUp, "Cancels the update running"+on+"; its resources may be left half changed.", targets...))
	case "stack":
		if len(args) == 0 {
			return
		}
		switch args[0] {
		case "rm", "remove":
			r.mutates()
			name := infraOr(firstOf(args[1:]), infraOr(stack, "the current stack"))
			msg := "Removes Pulumi stack " + name + " with its configuration and update history"
			if c.Has("--force", "-f") {
				msg += ", even though it may still manage resources"
			}
			r.add(c.find(pulumiStackRm, msg+".", append(targets, args[1:]...)...))
		case "import":
			r.mutates()
			r.add(c.find(pulumiState, "Replaces the state"+on+" with "+infraOr(firstOf(infraFlagValues(c, "--file")), "the input")+".", targets...))
		case "init", "select", "rename", "tag", "change-secrets-provider", "unselect":
			r.mutates()
		}
	case "state":
		if len(args) == 0 {
			return
		}
		r.mutates()
		r.add(c.find(pulumiState, "Edits the Pulumi state by hand (state "+args[0]+")"+on+".", append(targets, args[1:]...)...))
	case "refresh", "config", "plugin", "new", "login", "logout", "install", "policy", "env", "org", "watch":
		if verb == "config" && (len(args) == 0 || args[0] == "get") {
			return
		}
		r.mutates()
		if verb == "watch" {
			r.add(c.find(pulumiUpYes, "Deploys every change"+on+" as files are saved, without a preview.", targets...))
		}
	}
	// preview, stack ls/output/export/history, whoami, about, logs, version: reads.
}

func cdkHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	profile, _ := c.Flag("--profile")
	targets := infraTargets(append(append([]string(nil), words[1:]...), profile)...)
	stacks := infraOr(infraList(words[1:]), "the app's stacks")
	if c.Has("--all") {
		stacks = "every stack of the app"
	}
	switch words[0] {
	case "destroy":
		r.mutates()
		r.add(c.find(cdkDestroy, "Deletes "+stacks+" and the resources in them.", targets...))
	case "deploy", "watch", "import":
		r.mutates()
		r.add(c.find(cdkDeploy, "Deploys "+stacks+" to AWS.", targets...))
	case "bootstrap":
		r.mutates()
		r.add(c.find(cdkDeploy, "Creates the CDK toolkit stack in "+infraOr(infraList(words[1:]), "the account")+".", targets...))
	case "init", "context", "acknowledge", "ack", "gc", "migrate", "refactor":
		r.mutates()
	}
	// synth, diff, ls, list, doctor, docs, notices, metadata: reads.
}

func serverlessHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	stage, _ := c.Flag("-s", "--stage")
	profile, _ := c.Flag("--aws-profile")
	fn, _ := c.Flag("-f", "--function")
	targets := infraTargets(stage, profile, fn)
	on := ""
	if stage != "" {
		on = " from stage " + stage
	}
	switch words[0] {
	case "remove":
		r.mutates()
		r.add(c.find(slsRemove, "Removes the deployed service"+on+": its functions, stack and resources are deleted.", targets...))
	case "deploy":
		r.mutates()
		what := "the service"
		if len(words) > 1 && words[1] == "list" {
			return
		}
		if fn != "" {
			what = "function " + fn
		}
		r.add(c.find(slsDeploy, "Deploys "+what+infraOr(strings.Replace(on, "from", "to", 1), "")+".", targets...))
	case "rollback":
		r.mutates()
		r.add(c.find(slsDeploy, "Rolls the deployed service back to an earlier deployment.", targets...))
	case "invoke":
		if len(words) > 1 && words[1] == "local" {
			return
		}
		r.mutates()
		r.add(c.find(slsInvoke, "Invokes the deployed function "+infraOr(fn, "(unnamed)")+" for real.", targets...))
	case "plugin", "create", "login", "logout", "config", "package", "offline", "dev":
		r.mutates()
	}
	// info, print, logs, metrics, doctor, support: reads.
}
