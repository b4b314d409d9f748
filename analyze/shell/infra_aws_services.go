package shell

import (
	"slices"
	"strings"
)

// AWS operations judged by more than their verb: IAM grants, public
// exposure, Secrets Manager, commands run on instances, SQL handed to the
// SQL analyzer.

// awsCompact lower-cases a JSON document and removes its blanks.
func awsCompact(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// awsAdminPolicy reports a policy document that allows every action.
func awsAdminPolicy(doc string) bool {
	d := awsCompact(doc)
	return strings.Contains(d, `"action":"*"`) || strings.Contains(d, `"action":["*"`) || strings.Contains(d, `"action":"iam:*"`) ||
		strings.Contains(d, `"action":["iam:*"`) || strings.Contains(d, `"notaction"`) && strings.Contains(d, `"effect":"allow"`)
}

// awsPublicPolicy reports a resource policy that lets anyone in.
func awsPublicPolicy(doc string) bool {
	d := awsCompact(doc)
	open := strings.Contains(d, `"principal":"*"`) || strings.Contains(d, `"principal":{"aws":"*"}`) || strings.Contains(d, `"principal":{"aws":["*"]}`)
	return open && strings.Contains(d, `"effect":"allow"`) && !strings.Contains(d, `"condition"`)
}

// awsAdminPolicies are managed policies that amount to administrator rights.
var awsAdminPolicies = []string{"/AdministratorAccess", "/IAMFullAccess", "/AWSOrganizationsFullAccess", "/AdministratorAccess-Amplify"}

// awsSpecial handles the operations judged by more than their verb. It
// reports whether it made the finding.
func awsSpecial(c *Cmd, r *report, svc, op string, sub *Cmd, t []string) bool {
	flag := func(names ...string) string { v, _ := sub.Flag(names...); return v }
	switch svc + " " + op {
	case "iam attach-user-policy", "iam attach-role-policy", "iam attach-group-policy":
		arn := flag("--policy-arn")
		for _, p := range awsAdminPolicies {
			if strings.HasSuffix(arn, p) {
				r.add(c.find(awsIAMAdmin, "Grants "+strings.TrimPrefix(p, "/")+" (administrator rights) to "+awsPrincipal(sub)+".", t...))
				return true
			}
		}
	case "iam put-user-policy", "iam put-role-policy", "iam put-group-policy", "iam create-policy", "iam create-policy-version":
		if doc := flag("--policy-document"); awsAdminPolicy(doc) {
			r.add(c.find(awsIAMAdmin, "Grants a policy that allows every action (administrator rights) to "+awsPrincipal(sub)+".", t...))
			return true
		}
	case "iam add-user-to-group":
		if g := strings.ToLower(flag("--group-name")); strings.Contains(g, "admin") || strings.Contains(g, "root") || strings.Contains(g, "poweruser") {
			r.add(c.find(awsIAMAdmin, "Adds "+flag("--user-name")+" to the group "+flag("--group-name")+", which looks like an administrators' group.", t...))
			return true
		}
	case "iam update-assume-role-policy", "iam create-role":
		if awsPublicPolicy(flag("--policy-document", "--assume-role-policy-document")) {
			r.add(c.find(awsIAMAdmin, "Lets any AWS account assume the role "+flag("--role-name")+".", t...))
			return true
		}
	case "iam create-access-key", "iam create-login-profile", "iam update-login-profile", "iam create-service-specific-credential", "iam upload-ssh-public-key":
		r.add(c.find(awsIAMCredentials, "Creates new long-lived credentials for "+infraOr(flag("--user-name"), "the current user")+" ("+op+").", t...))
		return true
	case "secretsmanager delete-secret":
		if sub.Has("--force-delete-without-recovery") {
			r.add(c.find(awsDelete, "Deletes the secret "+flag("--secret-id")+" at once, with no recovery window.", t...))
			return true
		}
		days := infraOr(flag("--recovery-window-in-days"), "30")
		r.add(c.find(awsRemove, "Schedules the secret "+flag("--secret-id")+" for deletion; it can be restored for "+days+" days, but whatever reads it fails now.", t...))
		return true
	case "secretsmanager update-secret", "secretsmanager put-secret-value":
		r.add(c.find(awsSecretWrite, "Changes the secret "+flag("--secret-id")+" ("+op+"); whatever uses it may stop working.", t...))
		return true
	case "ssm put-parameter":
		if strings.EqualFold(flag("--type"), "SecureString") {
			r.add(c.find(awsSecretWrite, "Writes the secure parameter "+flag("--name")+".", t...))
			return true
		}
	case "s3api delete-public-access-block", "s3control delete-public-access-block":
		r.add(c.find(awsPublic, "Removes the public access block of "+awsObject(op, t)+": the bucket can then be made public.", t...))
		return true
	case "s3api put-public-access-block", "s3control put-public-access-block":
		if cfg := awsCompact(flag("--public-access-block-configuration")); strings.Contains(cfg, "false") {
			r.add(c.find(awsPublic, "Turns off part of the public access block of "+awsObject(op, t)+".", t...))
			return true
		}
		return false
	case "s3api put-bucket-acl", "s3api put-object-acl":
		if awsPublicACL(sub) {
			r.add(c.find(awsPublic, "Makes "+awsObject(op, t)+" readable by anyone on the internet.", t...))
			return true
		}
		r.add(c.find(awsResourcePolicy, "Replaces the access list of "+awsObject(op, t)+".", t...))
		return true
	case "s3api put-bucket-versioning":
		if strings.Contains(awsCompact(strings.Join(sub.Args, " ")), "suspended") {
			r.add(c.find(awsRemove, "Suspends versioning of "+awsObject(op, t)+": later deletions and overwrites cannot be undone.", t...))
			return true
		}
	case "s3api put-bucket-policy", "secretsmanager put-resource-policy", "kms put-key-policy", "ecr set-repository-policy",
		"sqs set-queue-attributes", "sns set-topic-attributes", "lambda add-permission", "sns add-permission", "sqs add-permission",
		"glacier set-vault-access-policy", "s3control put-access-point-policy", "efs put-file-system-policy", "backup put-backup-vault-access-policy":
		doc := flag("--policy", "--resource-policy", "--attributes", "--attribute-value", "--policy-text")
		if op == "set-queue-attributes" && !strings.Contains(strings.ToLower(doc), "policy") || op == "set-topic-attributes" && flag("--attribute-name") != "Policy" {
			return false
		}
		if awsPublicPolicy(strings.ReplaceAll(doc, `\"`, `"`)) || op == "add-permission" && (flag("--principal") == "*" || flag("--aws-account-ids", "--aws-account-id") == "*") {
			r.add(c.find(awsPublic, "Lets anyone use "+awsObject(op, t)+" ("+op+").", t...))
			return true
		}
		r.add(c.find(awsResourcePolicy, "Replaces the access policy of "+awsObject(op, t)+".", t...))
		return true
	case "lambda create-function-url-config", "lambda update-function-url-config":
		if flag("--auth-type") == "NONE" {
			r.add(c.find(awsPublic, "Gives "+awsObject(op, t)+" a public URL anyone can call without signing in.", t...))
			return true
		}
	case "ec2 modify-image-attribute", "ec2 modify-snapshot-attribute", "rds modify-db-snapshot-attribute", "rds modify-db-cluster-snapshot-attribute":
		all := awsCompact(strings.Join(sub.Args, " "))
		if strings.Contains(all, "group=all") || strings.Contains(all, `"group":"all"`) || slices.Contains(infraFlagValues(sub, "--group-names", "--values-to-add"), "all") || strings.Contains(all, "--group-namesall") {
			r.add(c.find(awsPublic, "Shares "+awsObject(op, t)+" with every AWS account.", t...))
			return true
		}
	case "ec2 authorize-security-group-ingress":
		all := strings.Join(sub.Args, " ")
		if strings.Contains(all, "0.0.0.0/0") || strings.Contains(all, "::/0") {
			port := infraOr(flag("--port"), "a port")
			r.add(c.find(awsOpenIngress, "Opens "+port+" of security group "+flag("--group-id", "--group-name")+" to the whole internet.", t...))
			return true
		}
	case "ssm send-command":
		r.add(c.find(awsRemoteExec, "Runs "+infraOr(flag("--document-name"), "a command document")+" on "+infraOr(infraList(infraFlagValues(sub, "--instance-ids", "--targets")), "the targeted instances")+".", t...))
		for _, cmd := range awsShellCommands(flag("--parameters")) {
			r.script(cmd, c, "runs on the AWS instances")
		}
		return true
	case "ssm start-session":
		r.add(c.find(awsRemoteExec, "Opens a shell on "+flag("--target")+".", t...))
		return true
	case "ecs execute-command":
		r.add(c.find(awsRemoteExec, "Runs a command inside task "+flag("--task")+" of cluster "+flag("--cluster")+".", t...))
		if cmd := flag("--command"); cmd != "" {
			r.script(cmd, c, "runs inside the ECS task")
		}
		return true
	case "ec2-instance-connect send-ssh-public-key", "ec2-instance-connect ssh":
		r.add(c.find(awsRemoteExec, "Lets an SSH key log in to "+flag("--instance-id")+".", t...))
		return true
	case "sns publish", "ses send-email", "ses send-raw-email", "ses send-templated-email", "ses send-bulk-templated-email",
		"sesv2 send-email", "sesv2 send-bulk-email", "sns subscribe", "pinpoint send-messages", "pinpoint-sms-voice send-voice-message":
		to := infraOr(flag("--notification-endpoint", "--destination", "--phone-number", "--topic-arn", "--target-arn"), "its recipients")
		r.add(c.find(awsNotify, "Sends a message to "+to+" ("+svc+" "+op+").", t...))
		return true
	case "dynamodb execute-statement", "dynamodb batch-execute-statement", "dynamodb execute-transaction":
		if s := flag("--statement"); s != "" {
			r.sql(s, c)
			return true
		}
	case "rds-data execute-statement", "rds-data batch-execute-statement", "redshift-data execute-statement",
		"redshift-data batch-execute-statement", "athena start-query-execution":
		q := flag("--sql", "--query-string")
		if q == "" {
			q = strings.Join(infraFlagValues(sub, "--sqls"), ";\n")
		}
		if q != "" {
			r.sql(q, c)
			return true
		}
	case "dynamodb batch-write-item":
		if strings.Contains(strings.Join(sub.Args, " "), "DeleteRequest") {
			r.add(c.find(awsRemove, "Deletes items in a batch write.", t...))
			return true
		}
	case "rds delete-db-instance", "rds delete-db-cluster":
		msg := "Deletes the database " + awsObject(op, t)
		if sub.Has("--skip-final-snapshot") {
			msg += " without a final snapshot"
			r.add(c.find(awsDelete, msg+": its data is gone.", t...).WithPoints(infraAdmin))
			return true
		}
		r.add(c.find(awsDelete, msg+".", t...))
		return true
	case "route53 change-resource-record-sets":
		batch := flag("--change-batch")
		switch {
		case strings.HasPrefix(batch, "file://") || batch == "":
			r.add(c.find(awsRemove, "Changes DNS records of zone "+flag("--hosted-zone-id")+" from "+infraOr(batch, "the input")+", which may delete records.", t...))
		case strings.Contains(strings.ToUpper(batch), "DELETE"):
			r.add(c.find(awsDelete, "Deletes DNS records of zone "+flag("--hosted-zone-id")+".", t...))
		default:
			r.add(c.find(awsChange, "Creates or changes DNS records of zone "+flag("--hosted-zone-id")+".", t...))
		}
		return true
	case "s3api delete-object", "s3api delete-objects", "s3api delete-bucket":
		bucket, key := flag("--bucket"), flag("--key")
		switch op {
		case "delete-bucket":
			r.add(c.find(awsDelete, "Deletes the bucket "+bucket+".", t...))
		case "delete-objects":
			list := "the request"
			if d := flag("--delete"); strings.HasPrefix(d, "file://") {
				list = d
			}
			r.add(c.find(awsDelete, "Deletes the objects listed in "+list+" from bucket "+bucket+", for good.", t...))
		default:
			msg := "Deletes the object " + key + " from bucket " + bucket
			if v := flag("--version-id"); v != "" {
				msg = "Deletes version " + v + " of the object " + key + " in bucket " + bucket + " for good"
			}
			r.add(c.find(awsDelete, msg+".", t...))
		}
		return true
	case "kms schedule-key-deletion":
		r.add(c.find(awsDelete, "Schedules the KMS key "+flag("--key-id")+" for deletion: once it is gone, everything encrypted with it is unreadable.", t...))
		return true
	}
	if svc == "iam" && !infraHasPrefix(op, "delete-", "tag-", "untag-") {
		r.add(c.find(awsIAMChange, "Changes AWS permissions ("+op+") for "+awsPrincipal(sub)+infraParen(infraList(awsIDs(t)))+".", t...))
		return true
	}
	if svc == "iam" && strings.HasPrefix(op, "delete-") && awsHasSuffix(op, "-policy", "-permissions-boundary") {
		r.add(c.find(awsIAMChange, "Removes an AWS permission policy ("+op+") from "+awsObject(op, t)+".", t...))
		return true
	}
	return false
}

// awsShellCommands extracts the shell commands of an SSM RunShellScript
// parameter: commands=["a","b"] or {"commands":["a","b"]}.
func awsShellCommands(params string) []string {
	i := strings.Index(params, "commands")
	if i < 0 {
		return nil
	}
	s := params[i+len("commands"):]
	j := strings.IndexByte(s, '[')
	if j < 0 {
		// commands=one command
		s = strings.TrimLeft(s, `"=: `)
		return []string{strings.TrimRight(s, `"}`)}
	}
	s = s[j+1:]
	var out []string
	for {
		s = strings.TrimLeft(s, " ,\n\t")
		if s == "" || s[0] == ']' {
			return out
		}
		if s[0] != '"' {
			k := strings.IndexAny(s, ",]")
			if k < 0 {
				return append(out, s)
			}
			out = append(out, strings.TrimSpace(s[:k]))
			s = s[k:]
			continue
		}
		var b strings.Builder
		k := 1
		for ; k < len(s) && s[k] != '"'; k++ {
			if s[k] == '\\' && k+1 < len(s) {
				k++
			}
			b.WriteByte(s[k])
		}
		out = append(out, b.String())
		if k >= len(s) {
			return out
		}
		s = s[k+1:]
	}
}
