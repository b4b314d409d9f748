package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// The AWS CLI. Operations are judged by their verb (delete-*, put-*, list-*…)
// with service-specific refinements: S3's high-level commands, IAM grants,
// Secrets Manager, public exposure, commands run on instances and queries
// handed to the SQL analyzer.

var (
	awsDelete = &rule.Rule{
		ID:          "shell.aws.delete",
		Summary:     "Deletes AWS resources or data that do not come back (delete-*, terminate-*, purge-*, recursive S3 removal…).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Describe the resource first and take a backup or snapshot; turn on deletion protection or versioning for what matters.",
		Match: []string{
			"aws s3 rm s3://my-bucket --recursive", "aws s3 rb s3://my-bucket --force", "aws s3 sync /empty s3://my-bucket --delete",
			"aws s3api delete-bucket --bucket my-bucket", "aws s3api delete-object --bucket b --key k", "aws ec2 terminate-instances --instance-ids i-0abc",
			"aws rds delete-db-instance --db-instance-identifier prod-db --skip-final-snapshot", "aws dynamodb delete-table --table-name users",
			"aws lambda delete-function --function-name api", "aws cloudformation delete-stack --stack-name prod",
			"aws sqs purge-queue --queue-url https://sqs.us-east-1.amazonaws.com/1/q", "aws sns delete-topic --topic-arn arn:aws:sns:us-east-1:1:t",
			"aws kms schedule-key-deletion --key-id 1234 --pending-window-in-days 7",
			"aws secretsmanager delete-secret --secret-id my/secret --force-delete-without-recovery",
			"aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{\"Changes\":[{\"Action\":\"DELETE\"}]}'",
		},
		NoMatch: []string{
			"aws s3 ls s3://my-bucket", "aws s3 sync /src s3://my-bucket --dryrun", "aws ec2 describe-instances",
			"aws ec2 terminate-instances --instance-ids i-0abc --dry-run", "aws s3 rm s3://my-bucket/file.txt", "aws s3 rm s3://b --recursive --dryrun",
		},
	}
	awsRemove = &rule.Rule{
		ID:          "shell.aws.remove",
		Summary:     "Removes, stops, disables or detaches AWS resources, or deletes something that can still be recovered.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Describe the resource first; most of these can be undone with the matching create, start, enable or attach.",
		Match: []string{
			"aws ec2 stop-instances --instance-ids i-0abc", "aws s3 rm s3://my-bucket/file.txt", "aws sns unsubscribe --subscription-arn arn:aws:sns:us-east-1:1:t:x",
			"aws sqs delete-message --queue-url https://sqs.us-east-1.amazonaws.com/1/q --receipt-handle AQEB",
			"aws secretsmanager delete-secret --secret-id my/secret --recovery-window-in-days 7", "aws kms disable-key --key-id 1234",
			"aws s3api delete-bucket-policy --bucket my-bucket", "aws elbv2 deregister-targets --target-group-arn arn:x --targets Id=i-1",
		},
		NoMatch: []string{"aws ec2 describe-instances", "aws sqs receive-message --queue-url https://sqs.us-east-1.amazonaws.com/1/q"},
	}
	awsChange = &rule.Rule{
		ID:          "shell.aws.change",
		Summary:     "Changes the configuration or data of AWS resources (put-*, update-*, modify-*, attach-*, deploy…).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Describe the current state first so the change can be reverted.",
		Match: []string{
			"aws lambda update-function-code --function-name api --zip-file fileb://f.zip", "aws ec2 modify-instance-attribute --instance-id i-1 --instance-type t3.large",
			"aws cloudformation deploy --template-file t.yaml --stack-name app", "aws ssm put-parameter --name /app/flag --value on --overwrite",
			"aws secretsmanager rotate-secret --secret-id my/secret", "aws ecs update-service --cluster c --service s --desired-count 2",
		},
		NoMatch: []string{"aws lambda get-function --function-name api", "aws cloudformation describe-stacks"},
	}
	awsCreate = &rule.Rule{
		ID:          "shell.aws.create",
		Summary:     "Creates, starts or invokes AWS resources (it may cost money).",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"aws s3 mb s3://new-bucket", "aws ec2 run-instances --image-id ami-1 --instance-type t3.micro", "aws lambda invoke --function-name api out.json", "aws sqs send-message --queue-url https://sqs.us-east-1.amazonaws.com/1/q --message-body hi"},
		NoMatch:     []string{"aws sts get-caller-identity", "aws lambda list-functions"},
	}
	awsUpload = &rule.Rule{
		ID:          "shell.aws.s3-upload",
		Summary:     "Uploads files to S3.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"aws s3 cp dist/app.zip s3://releases/", "aws s3 sync ./site s3://www.example.com"},
		NoMatch:     []string{"aws s3 cp s3://releases/app.zip .", "aws s3 sync ./site s3://www.example.com --dryrun"},
	}
	awsMove = &rule.Rule{
		ID:          "shell.aws.s3-move",
		Summary:     "Moves files to, from or within S3: the source copy is deleted.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "`aws s3 cp` keeps the source; delete it once the copy is checked.",
		Match:       []string{"aws s3 mv s3://b/old.txt s3://b/new.txt", "aws s3 mv ./logs s3://archive/logs --recursive"},
		NoMatch:     []string{"aws s3 cp s3://b/old.txt s3://b/new.txt"},
	}
	awsIAMAdmin = &rule.Rule{
		ID:          "shell.aws.iam-admin",
		Summary:     "Grants administrator rights in AWS (AdministratorAccess, a policy allowing every action, an admin group, a role anyone can assume).",
		Points:      infraAdmin,
		Category:    rule.Permissions,
		Alternative: "Grant a policy limited to the actions and resources the task needs.",
		Match: []string{
			"aws iam attach-user-policy --user-name bob --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
			"aws iam attach-role-policy --role-name ci --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
			`aws iam put-user-policy --user-name bob --policy-name all --policy-document '{"Statement":[{"Effect":"Allow","Action":"*","Resource":"*"}]}'`,
			"aws iam add-user-to-group --user-name bob --group-name Admins",
		},
		NoMatch: []string{"aws iam attach-role-policy --role-name ci --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess", "aws iam list-attached-user-policies --user-name bob"},
	}
	awsIAMChange = &rule.Rule{
		ID:          "shell.aws.iam-change",
		Summary:     "Changes who may do what in AWS (IAM users, roles, groups and policies).",
		Points:      infraRemove,
		Category:    rule.Permissions,
		Alternative: "Review the policy with IAM Access Analyzer (`aws accessanalyzer validate-policy`) before attaching it.",
		Match: []string{
			"aws iam attach-role-policy --role-name ci --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess",
			"aws iam put-role-policy --role-name ci --policy-name p --policy-document file://policy.json", "aws iam create-user --user-name deploy",
			"aws iam detach-role-policy --role-name ci --policy-arn arn:aws:iam::1:policy/x",
		},
		NoMatch: []string{"aws iam get-role --role-name ci", "aws iam list-users"},
	}
	awsIAMCredentials = &rule.Rule{
		ID:          "shell.aws.iam-credentials",
		Summary:     "Creates long-lived AWS credentials (an access key, a console password, a service credential).",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Use short-lived credentials (roles, `aws sts assume-role`, IAM Identity Center) instead of new keys.",
		Match:       []string{"aws iam create-access-key --user-name deploy", "aws iam create-login-profile --user-name bob --password 'x'"},
		NoMatch:     []string{"aws iam list-access-keys --user-name deploy"},
	}
	awsSecretWrite = &rule.Rule{
		ID:          "shell.aws.secret-write",
		Summary:     "Overwrites a stored secret or its settings; whatever uses the old value may stop working.",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Add a new version with a staging label and move AWSCURRENT once it is checked; note the current version id first.",
		Match: []string{
			"aws secretsmanager update-secret --secret-id my/secret --secret-string x", "aws secretsmanager put-secret-value --secret-id my/secret --secret-binary fileb://payload.bin",
			"aws secretsmanager update-secret --secret-id my/secret --kms-key-id alias/old-key", "aws ssm put-parameter --name /db/password --type SecureString --value x --overwrite",
		},
		NoMatch: []string{"aws secretsmanager get-secret-value --secret-id my/secret", "aws secretsmanager describe-secret --secret-id my/secret", "aws secretsmanager list-secrets"},
	}
	awsResourcePolicy = &rule.Rule{
		ID:          "shell.aws.resource-policy",
		Summary:     "Replaces the access policy or ACL of an AWS resource: it can open it to others or lock everyone out.",
		Points:      infraRemove,
		Category:    rule.Permissions,
		Alternative: "Fetch the current policy first (`get-*-policy`) and validate the new one with `aws accessanalyzer validate-policy`.",
		Match:       []string{"aws s3api put-bucket-policy --bucket b --policy file://policy.json", "aws kms put-key-policy --key-id 1 --policy-name default --policy file://p.json", "aws lambda add-permission --function-name f --statement-id s --action lambda:InvokeFunction --principal events.amazonaws.com"},
		NoMatch:     []string{"aws s3api get-bucket-policy --bucket b"},
	}
	awsPublic = &rule.Rule{
		ID:          "shell.aws.public",
		Summary:     "Makes AWS data or resources public: anyone on the internet can read or use them.",
		Points:      infraDestroy,
		Category:    rule.Permissions,
		Alternative: "Share with specific accounts or through presigned URLs (`aws s3 presign`) or CloudFront with origin access control.",
		Match: []string{
			"aws s3api put-bucket-acl --bucket b --acl public-read", "aws s3 cp report.pdf s3://b/ --acl public-read",
			"aws s3api delete-public-access-block --bucket b",
			`aws s3api put-bucket-policy --bucket b --policy '{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject","Resource":"arn:aws:s3:::b/*"}]}'`,
			"aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type add --group-names all",
			"aws lambda add-permission --function-name f --statement-id s --action lambda:InvokeFunctionUrl --principal '*' --function-url-auth-type NONE",
		},
		NoMatch: []string{"aws s3api put-bucket-acl --bucket b --acl private", "aws s3api get-public-access-block --bucket b"},
	}
	awsOpenIngress = &rule.Rule{
		ID:          "shell.aws.open-ingress",
		Summary:     "Opens a port of an AWS security group to the whole internet.",
		Points:      infraRemove,
		Category:    rule.Network,
		Alternative: "Allow only the addresses that need it (your IP /32, a VPN range, another security group).",
		Match:       []string{"aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0"},
		NoMatch:     []string{"aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 203.0.113.7/32", "aws ec2 describe-security-groups"},
	}
	awsRemoteExec = &rule.Rule{
		ID:          "shell.aws.remote-exec",
		Summary:     "Runs commands on AWS instances or containers (SSM Run Command, Session Manager, ECS Exec); the commands themselves are checked too.",
		Points:      infraRemove,
		Category:    rule.Execution,
		Alternative: "Try the command on one test instance first; for fleets, use a rate and error threshold.",
		Match: []string{
			`aws ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters 'commands=["systemctl restart app"]'`,
			"aws ssm start-session --target i-1", "aws ecs execute-command --cluster c --task t --interactive --command /bin/sh",
		},
		NoMatch: []string{"aws ssm list-command-invocations --command-id 1"},
	}
	awsNotify = &rule.Rule{
		ID:          "shell.aws.notify",
		Summary:     "Sends a message to people or systems outside (SNS publish, SES e-mail, a new subscription).",
		Points:      infraChange,
		Category:    rule.Network,
		Alternative: "Publish to a test topic or a sandbox address first.",
		Match:       []string{"aws sns publish --topic-arn arn:aws:sns:us-east-1:1:alerts --message hi", "aws ses send-email --from a@x.com --destination ToAddresses=b@y.com --message file://m.json", "aws sns subscribe --topic-arn arn:aws:sns:us-east-1:1:t --protocol email --notification-endpoint me@x.com"},
		NoMatch:     []string{"aws sns list-subscriptions"},
	}
	awsTag = &rule.Rule{
		ID:          "shell.aws.tag",
		Summary:     "Adds or removes tags on AWS resources.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"aws ec2 create-tags --resources i-1 --tags Key=team,Value=web", "aws lambda tag-resource --resource arn:x --tags team=web", "aws s3api put-bucket-tagging --bucket b --tagging file://t.json"},
		NoMatch:     []string{"aws ec2 describe-tags"},
	}
	awsPurchase = &rule.Rule{
		ID:          "shell.aws.purchase",
		Summary:     "Buys a long-term AWS commitment (reserved capacity, savings plans, domains) that costs real money.",
		Points:      rule.PrivilegedKeyword + rule.Financial + rule.ExternalTarget,
		Category:    rule.Infrastructure,
		Alternative: "Check the offering and its price with the matching describe-* command, and let a person buy it.",
		Match:       []string{"aws ec2 purchase-reserved-instances-offering --reserved-instances-offering-id x --instance-count 3", "aws route53domains register-domain --domain-name example.com --duration-in-years 1 --admin-contact file://c.json"},
		NoMatch:     []string{"aws ec2 describe-reserved-instances-offerings"},
	}
)

var awsRules = []*rule.Rule{
	awsDelete, awsRemove, awsChange, awsCreate, awsUpload, awsMove, awsIAMAdmin, awsIAMChange, awsIAMCredentials,
	awsSecretWrite, awsResourcePolicy, awsPublic, awsOpenIngress, awsRemoteExec, awsNotify, awsPurchase, awsTag,
}

func awsHandlers() map[string]handler {
	return map[string]handler{"aws": awsHandler}
}

var awsReadPrefixes = []string{
	"describe-", "list-", "get-", "head-", "lookup-", "search-", "batch-get-", "select-", "filter-", "validate-",
	"estimate-", "preview-", "simulate-", "test-", "check-", "detect-", "discover-", "download-", "decode-",
	"generate-", "verify", "wait", "help", "query", "scan", "tail", "decrypt", "encrypt", "sign", "re-encrypt",
	"receive-message", "ls", "presign", "poll-", "assume-role", "export-", "view-", "count-", "compare-",
}

// awsConfigSuffixes mark delete-* operations that remove a setting rather
// than data.
var awsConfigSuffixes = []string{
	"-policy", "-cors", "-configuration", "-website", "-lifecycle", "-encryption", "-replication", "-notification",
	"-tagging", "-tags", "-controls", "-attributes", "-permission", "-alarms", "-change-set", "-message",
	"-message-batch", "-item", "-rule", "-subscription-filter", "-metric-filter", "-retention-policy",
	"-login-profile", "-alias", "-resource-policy", "-schedule", "-trigger",
}

// awsCommand returns the service, the operation and the index of the first
// argument after the operation.
func awsCommand(c *Cmd) (svc, op string, rest int) {
	av := c.Argv()
	switch len(av.Operands) {
	case 0:
		return "", "", len(c.Args)
	case 1:
		return av.Operands[0], "", len(c.Args)
	}
	return av.Operands[0], av.Operands[1], av.OperandArg[1] + 1
}

func awsHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	svc, op, rest := awsCommand(c)
	if svc == "" || op == "" || op == "help" || svc == "configure" && (op == "list" || op == "get") {
		return
	}
	sub := infraSub(c, rest)
	if sub.Has("--dry-run", "--dryrun") || svc == "sts" || svc == "sso" && op != "logout" || svc == "pricing" {
		return
	}
	if svc == "configure" || svc == "sso" || svc == "history" || svc == "eks" && op == "update-kubeconfig" || svc == "ecr" && op == "get-login-password" {
		r.mutates() // local configuration only
		return
	}
	t := awsTargets(c, sub)
	if svc == "s3" {
		awsS3(c, r, op, sub, t)
		return
	}
	if infraHasPrefix(op, awsReadPrefixes...) {
		// A read; some hand a query over that can change data.
		return
	}
	r.mutates()
	if awsSpecial(c, r, svc, op, sub, t) {
		return
	}
	what := awsObject(op, t)
	switch {
	case awsTagOp(op):
		f := c.find(awsTag, "Changes the tags of "+infraOr(infraList(awsIDs(t)), "AWS resources")+" ("+svc+" "+op+").", t...)
		if infraHasPrefix(op, "delete-", "untag-", "remove-") {
			// Tags can carry access rules (ABAC) and cost allocation.
			f = f.WithPoints(infraCreate)
			f.Message = "Removes tags from " + infraOr(infraList(awsIDs(t)), "AWS resources") + " (" + svc + " " + op + "); tags can drive access rules and billing."
		}
		r.add(f)
	case svc == "s3api" && infraHasPrefix(op, "put-object", "upload-part", "complete-multipart-upload", "create-multipart-upload", "copy-object"):
		r.add(c.find(awsUpload, "Uploads "+what+" to S3 ("+op+").", t...))
	case infraHasPrefix(op, "purchase-", "register-domain", "transfer-domain", "renew-domain"):
		r.add(c.find(awsPurchase, "Buys "+what+" with real money ("+svc+" "+op+").", t...))
	case infraHasPrefix(op, "delete-", "batch-delete-", "remove-") && awsHasSuffix(op, awsConfigSuffixes...):
		r.add(c.find(awsRemove, "Removes "+what+" ("+svc+" "+op+").", t...))
	case infraHasPrefix(op, "delete-", "terminate-", "purge-", "batch-delete-", "schedule-key-deletion", "close-account",
		"leave-organization", "deprovision-", "destroy-", "drop-"):
		r.add(c.find(awsDelete, "Deletes "+what+" for good ("+svc+" "+op+").", t...))
	case infraHasPrefix(op, "remove-", "deregister-", "revoke-", "disable-", "detach-", "disassociate-", "stop-",
		"cancel-", "unsubscribe", "reboot-", "release-", "reset-", "deactivate-", "abort-", "reject-", "unassign-",
		"unlink-", "unmonitor-", "withdraw-", "suspend-", "unshare-", "expire-", "kill-", "unregister-", "flush-"):
		r.add(c.find(awsRemove, "Removes, stops or disables "+what+" ("+svc+" "+op+").", t...))
	case infraHasPrefix(op, "create-", "run-", "start-", "invoke", "send-message", "request-", "allocate-", "provision-",
		"clone-", "build-", "import-key-pair", "upload-", "send-task-", "put-object", "put-record", "put-events", "put-log-events", "put-metric-data"):
		r.add(c.find(awsCreate, "Creates or starts "+awsNoun(op)+" ("+svc+" "+op+").", t...))
	default:
		r.add(c.find(awsChange, "Changes "+what+" ("+svc+" "+op+").", t...))
	}
}

// awsTagOp reports operations that only add or remove tags.
func awsTagOp(op string) bool {
	return infraHasPrefix(op, "create-tags", "delete-tags", "tag-", "untag-", "add-tags", "remove-tags", "put-bucket-tagging",
		"put-object-tagging", "delete-bucket-tagging", "delete-object-tagging", "add-tags-to-", "remove-tags-from-", "change-tags-for-")
}

// awsNoun names what an operation acts on from its name: "the instances"
// for run-instances.
func awsNoun(op string) string {
	_, noun, ok := strings.Cut(op, "-")
	if !ok {
		return "AWS resources"
	}
	return "the " + strings.ReplaceAll(noun, "-", " ")
}

// awsIDs drops the "profile …" entry from targets.
func awsIDs(t []string) []string {
	var ids []string
	for _, x := range t {
		if !strings.HasPrefix(x, "profile ") {
			ids = append(ids, x)
		}
	}
	return ids
}

// awsPrincipal names the IAM user, role or group an operation is about.
func awsPrincipal(sub *Cmd) string {
	for _, f := range []struct{ flag, kind string }{{"--user-name", "user"}, {"--role-name", "role"}, {"--group-name", "group"}} {
		if v, ok := sub.Flag(f.flag); ok && v != "" {
			return "the " + f.kind + " " + v
		}
	}
	return "the current user"
}

func awsHasSuffix(op string, suffixes ...string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(op, s) {
			return true
		}
	}
	return false
}

// awsObject names what an operation acts on: its targets, or its noun.
func awsObject(op string, t []string) string {
	if ids := awsIDs(t); len(ids) > 0 {
		return infraList(ids)
	}
	return awsNoun(op)
}

// awsTargetSuffixes mark flags whose values name the resources acted on.
var awsTargetSuffixes = []string{"-id", "-ids", "-name", "-names", "-arn", "-arns", "-url", "-identifier", "-identifiers", "bucket", "-key"}

// awsTargets lists the resources named by the operation's flags, and the
// profile ("profile prod") so that the scorer sees production accounts.
func awsTargets(c *Cmd, sub *Cmd) []string {
	var t []string
	for i := 0; i < len(sub.Args); i++ {
		a := sub.Args[i]
		if !strings.HasPrefix(a, "--") {
			if strings.HasPrefix(a, "s3://") || strings.HasPrefix(a, "arn:") {
				t = append(t, a)
			}
			continue
		}
		name, val, inline := strings.Cut(a, "=")
		if name == "--profile" || name == "--region" || !awsHasSuffix(name, awsTargetSuffixes...) && name != "--resources" && name != "--resource" || strings.Contains(name, "kms-key") || name == "--client-request-token" || name == "--receipt-handle" || name == "--version-id" {
			continue
		}
		if inline {
			t = append(t, val)
			continue
		}
		for i+1 < len(sub.Args) && !strings.HasPrefix(sub.Args[i+1], "--") {
			i++
			t = append(t, sub.Args[i])
			if !strings.HasSuffix(name, "s") {
				break
			}
		}
	}
	if p, ok := c.Flag("--profile"); ok && p != "" {
		t = append(t, "profile "+p)
	}
	return infraTargets(t...)
}

// awsS3 handles the high-level S3 commands.
func awsS3(c *Cmd, r *report, op string, sub *Cmd, t []string) {
	if op == "ls" || op == "presign" {
		return
	}
	paths := sub.Positional()
	if sub.Has("--dryrun", "--dry-run") {
		return
	}
	r.mutates()
	remote := func(p string) bool { return strings.HasPrefix(p, "s3://") }
	src, dst := firstOf(paths), ""
	if len(paths) > 1 {
		dst = paths[len(paths)-1]
	}
	if awsPublicACL(sub) {
		r.add(c.find(awsPublic, "Makes "+infraOr(infraOr(dst, src), "the objects")+" readable by anyone on the internet.", t...))
		return
	}
	switch op {
	case "rm":
		if sub.Has("--recursive") {
			r.add(c.find(awsDelete, "Deletes every object under "+src+" for good.", t...))
			return
		}
		r.add(c.find(awsRemove, "Deletes the object "+src+".", t...))
	case "rb":
		if sub.Has("--force") {
			r.add(c.find(awsDelete, "Deletes the bucket "+src+" and every object in it.", t...))
			return
		}
		r.add(c.find(awsRemove, "Deletes the empty bucket "+src+".", t...))
	case "sync":
		if sub.Has("--delete") {
			if remote(dst) {
				r.add(c.find(awsDelete, "Deletes every object in "+dst+" that is not in "+src+".", t...))
			} else {
				r.add(c.find(awsRemove, "Deletes every local file in "+dst+" that is not in "+src+".", append(t, dst)...))
			}
			return
		}
		if remote(dst) {
			r.add(c.find(awsUpload, "Uploads "+src+" to "+dst+".", t...))
		}
	case "cp":
		if remote(dst) {
			r.add(c.find(awsUpload, "Copies "+src+" to "+dst+".", t...))
		}
	case "mv":
		r.add(c.find(awsMove, "Moves "+src+" to "+dst+"; the source is deleted.", t...))
	case "mb":
		r.add(c.find(awsCreate, "Creates the bucket "+src+".", t...))
	case "website":
		r.add(c.find(awsChange, "Serves "+src+" as a public website.", t...))
	}
}

// awsPublicACL reports a canned or explicit ACL that grants everyone access.
func awsPublicACL(sub *Cmd) bool {
	if acl, ok := sub.Flag("--acl"); ok {
		switch acl {
		case "public-read", "public-read-write", "authenticated-read":
			return true
		}
	}
	for _, a := range sub.Args {
		if strings.Contains(a, "acs.amazonaws.com/groups/global/AllUsers") || strings.Contains(a, "acs.amazonaws.com/groups/global/AuthenticatedUsers") {
			return true
		}
	}
	return false
}
