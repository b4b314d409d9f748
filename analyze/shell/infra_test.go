package shell

import (
	"github.com/actionguard/actionguard/internal/corpus"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// infraTotal is the weight of a result as the scorer sees it before context
// modifiers: the sum of the points, and whether a dangerous category is hit.
func infraTotal(res *Result) (points int, dangerous bool) {
	for _, f := range res.Findings {
		points += f.Points
		if f.Category.Dangerous() {
			dangerous = true
		}
	}
	return points, dangerous
}

func infraFinding(res *Result, id string) (rule.Finding, bool) {
	for _, f := range res.Findings {
		if f.Rule == id {
			return f, true
		}
	}
	return rule.Finding{}, false
}

// infraPacks are the corpus packs of the infrastructure families.
var infraPacks = map[string]bool{
	"storage.s3": true, "secrets.aws_secrets": true, "messaging.sqs_sns": true, "backup.rclone": true,
	"backup.restic": true, "backup.borg": true, "backup.velero": true, "remote.rsync": true, "cicd.jenkins": true,
	"cicd.gitlab_ci": true, "cicd.circleci": true, "platform.github": true,
}

// TestInfraCorpus checks the labelled commands of the infrastructure packs:
// "deny" must not run unattended (26 points or more, or a dangerous
// category), "allow" must stay below that. The curl rows of the CI packs
// belong to the HTTP family and are skipped here.
func TestInfraCorpus(t *testing.T) {
	rows := 0
	for _, row := range corpus.Shell(t, "shell/labelled-commands.jsonl") {
		if !infraPacks[row.Pack] || strings.HasPrefix(row.Command, "curl ") {
			continue
		}
		rows++
		res := Analyze(row.Command, exampleOptions)
		points, dangerous := infraTotal(res)
		deny := dangerous || points >= 26
		if deny != (row.Expected == "deny") {
			t.Errorf("%s: %q: want %s, got %d points (dangerous %v): %v", row.Pack, row.Command, row.Expected, points, dangerous, ruleIDs(res))
		}
	}
	if rows == 0 {
		t.Error("no corpus rows of the infrastructure packs")
	}
}

// TestInfraWeights pins the weight of findings whose points depend on what
// they found (seed 002's Salesforce table among them).
func TestInfraWeights(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		id     string
		points int
	}{
		{"sfdx force:org:delete -u my-scratch -p", "shell.sf.org-delete", 90},
		{"sfdx force:org:delete -u prod-org -p", "shell.sf.org-delete", 100},
		{"sf org delete sandbox --target-org Production", "shell.sf.org-delete", 100},
		{"sf org assign permset --name Sales_Rep -o dev", "shell.sf.permset-assign", 60},
		{"sfdx force:user:permset:assign -n System_Administrator_Clone", "shell.sf.permset-assign", 90},
		{"sf org assign permset --name Modify_All_Data_PS", "shell.sf.permset-assign", 90},
		{"sf apex run --file scripts/fix.apex -o dev", "shell.sf.apex-execute", 70},
		{`echo "delete [SELECT Id FROM Account];" | sf apex run -o prod`, "shell.sf.apex-execute", 100},
		{"sf apex run -o dev <<'EOF'\nAccount a = [SELECT Id FROM Account LIMIT 1];\nupdate a;\nEOF", "shell.sf.apex-execute", 100},
		{`echo "System.debug(UserInfo.getUserName());" | sf apex run`, "shell.sf.apex-execute", 70},
		{`sf apex run --file <(echo "insert new Account(Name='x');")`, "shell.sf.apex-execute", 100},
		{"sfdx force:source:deploy -p force-app -u dev", "shell.sf.deploy", 50},
		{"sfdx force:source:deploy -p force-app -g", "shell.sf.deploy", 90},
		{"sfdx force:mdapi:deploy -d mdapi --ignorewarnings", "shell.sf.deploy", 90},
		{"sf project deploy start --ignore-conflicts -o dev", "shell.sf.deploy", 90},
		{"sf project deploy start -c", "shell.sf.deploy", 90},
		{"sf data delete bulk --sobject Account --file ids.csv", "shell.sf.bulk-delete", 100},
		{"sfdx force:data:bulk:delete -s Account -f ids.csv", "shell.sf.bulk-delete", 100},
		{"kubectl delete namespace prod", "shell.kubectl.delete-namespace", 95},
		{"kubectl delete pod web-0", "shell.kubectl.delete-pod", 30},
		{"terraform destroy -auto-approve", "shell.terraform.destroy", 95},
		{"terraform apply", "shell.terraform.apply", 50},
		{"aws secretsmanager delete-secret --secret-id s --force-delete-without-recovery", "shell.aws.delete", 95},
		{"aws secretsmanager delete-secret --secret-id s", "shell.aws.remove", 70},
		{"aws rds delete-db-instance --db-instance-identifier db --skip-final-snapshot", "shell.aws.delete", 100},
		{"aws s3 cp ./a.txt s3://b/", "shell.aws.s3-upload", 20},
		{"gitlab-runner unregister --all-runners", "shell.gitlab.runner-unregister", 95},
		{"rsync -a --delete src/ user@host:/srv/www/", "shell.rsync.delete", 70},
		{"rsync -a --delete --backup-dir=/tmp/old src/ dst/", "shell.rsync.delete", 30},
		{"rsync -a --delete src/ /etc/", "shell.rsync.delete", 95},
		{"borg delete /backups/repo", "shell.borg.delete", 100},
		{"borg delete --cache-only", "shell.borg.delete", 30},
		{"supabase db reset", "shell.supabase.db-reset", 70},
		{"supabase db reset --linked", "shell.supabase.db-reset", 95},
		{"gh pr merge 42 --admin", "shell.forge.change", 70},
		{"rclone sync src remote:dst --backup-dir remote:old", "shell.rclone.sync", 30},
		{"velero restore create --from-backup daily", "shell.velero.restore", 20},
		{"velero restore create --from-backup daily --existing-resource-policy update", "shell.velero.restore", 50},
		{"aws ec2 create-tags --resources i-1 --tags Key=a,Value=b", "shell.aws.tag", 20},
		{"aws ec2 delete-tags --resources i-1 --tags Key=a", "shell.aws.tag", 30},
		{"mc rm --recursive --force --dangerous myminio", "shell.storage.delete", 100},
		{"sf project deploy start --post-destructive-changes destructiveChanges.xml -o dev", "shell.sf.deploy", 70},
		{"kubectl delete pods --all -n dev", "shell.kubectl.delete", 70},
	} {
		res := Analyze(tc.cmd, exampleOptions)
		f, ok := infraFinding(res, tc.id)
		if !ok {
			t.Errorf("%q: no %s finding; found %v", tc.cmd, tc.id, ruleIDs(res))
			continue
		}
		if f.Points != tc.points {
			t.Errorf("%q: %s weighs %d points, want %d", tc.cmd, tc.id, f.Points, tc.points)
		}
		if f.Message == "" || f.Evidence == "" {
			t.Errorf("%q: %s has no message or evidence", tc.cmd, tc.id)
		}
	}
}

// TestInfraDangerous lists what must be blocked whatever the context.
func TestInfraDangerous(t *testing.T) {
	for _, cmd := range []string{
		"kubectl delete all --all --all-namespaces",
		"docker run --rm -it --privileged --pid=host alpine nsenter -t 1 -m sh",
		"podman run -v /:/host -it fedora chroot /host",
		"docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli docker run --privileged alpine",
		"sudo docker run --cap-add=SYS_ADMIN ubuntu",
	} {
		res := Analyze(cmd, exampleOptions)
		if _, dangerous := infraTotal(res); !dangerous {
			t.Errorf("%q: not dangerous; found %v", cmd, ruleIDs(res))
		}
	}
}

// TestInfraNested checks that commands run elsewhere (in a pod, a
// container, a VM, a dyno) are analysed too.
func TestInfraNested(t *testing.T) {
	for _, cmd := range []string{
		"kubectl exec -it web-0 -n prod -- rm -rf /",
		"kubectl exec web-0 -- sh -c 'rm -rf /'",
		"docker exec -it db bash -c 'rm -rf /'",
		"docker compose exec web rm -rf /",
		"podman exec c rm -rf /",
		`aws ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters 'commands=["rm -rf /"]'`,
		"gcloud compute ssh vm-1 --zone z --command 'rm -rf /'",
		"az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'rm -rf /'",
		"heroku run rm -rf / -a my-app",
		"fly ssh console -a app -C 'rm -rf /'",
	} {
		res := Analyze(cmd, exampleOptions)
		if !hasRule(res, "shell.fs.rm-root") {
			t.Errorf("%q: the nested rm -rf / was not seen; found %v", cmd, ruleIDs(res))
		}
	}
}

// TestInfraReads checks that reads produce no finding and stay read-only.
func TestInfraReads(t *testing.T) {
	for _, cmd := range []string{
		"kubectl get pods -A", "kubectl describe deploy web -n prod", "kubectl logs -f web-0", "kubectl diff -f k8s/",
		"kubectl delete ns prod --dry-run=server", "helm list -A", "helm template web ./chart", "kustomize build overlays/prod",
		"terraform plan", "terraform plan -destroy", "terraform show", "tofu validate", "pulumi preview", "cdk diff",
		"docker ps -a", "docker images", "docker logs web", "podman inspect web",
		"aws s3 ls s3://b", "aws ec2 describe-instances", "aws sts get-caller-identity", "aws iam list-users",
		"aws s3 sync ./a s3://b --delete --dryrun", "gcloud compute instances list", "gsutil ls gs://b", "az vm list",
		"gh repo view", "gh pr list", "glab mr list", "sf org list", "sf data query -q 'SELECT Id FROM Account'",
		"rclone ls remote:b", "restic snapshots", "borg list repo", "velero backup get", "rsync -n -a --delete a/ b/",
		"circleci context list org/x", "argocd app get web", "flux get ks", "java -jar jenkins-cli.jar list-jobs",
		"gitlab-runner list", "heroku logs -a app", "fly status", "vercel ls", "netlify status", "firebase projects:list",
		"supabase status", "mc ls myminio/b", "s3cmd ls s3://b", "azcopy list https://a.blob.core.windows.net/c",
		"hcloud server list", "doctl compute droplet list", "wrangler tail api", "eksctl get cluster", "kops get clusters",
		"kind get clusters", "helmfile diff", "sam validate", "eb status", "gcloud storage ls gs://b", "az storage blob list -c c",
		"kubectl auth can-i delete pods", "kubectl config view", "kubectl rollout history deploy/web", "docker compose ps",
		"docker compose logs -f", "terraform state list", "pulumi stack ls", "aws s3api list-objects-v2 --bucket b",
		"gh api repos/o/r/pulls", "gh api graphql -f query='query { viewer { login } }'",
	} {
		res := Analyze(cmd, exampleOptions)
		if len(res.Findings) > 0 {
			t.Errorf("%q: a read has findings %v", cmd, ruleIDs(res))
		}
		if !res.ReadOnly {
			t.Errorf("%q: a read is not read-only", cmd)
		}
	}
}

// TestInfraText checks that text given to a platform is not run.
func TestInfraText(t *testing.T) {
	for _, cmd := range []string{
		"gh issue create --title 'cleanup' --body 'rm -rf /'",
		"gh pr comment 42 --body 'kubectl delete ns prod'",
		"glab issue create -t x -d 'terraform destroy'",
	} {
		res := Analyze(cmd, exampleOptions)
		if points, dangerous := infraTotal(res); points >= 26 || dangerous {
			t.Errorf("%q: text weighs %d points: %v", cmd, points, ruleIDs(res))
		}
	}
}

// TestInfraMessages checks that messages name the affected object and that
// targets carry it for the scorer.
func TestInfraMessages(t *testing.T) {
	for _, tc := range []struct{ cmd, id, inMessage, target string }{
		{"kubectl delete ns prod", "shell.kubectl.delete-namespace", "prod", "prod"},
		{"kubectl --context prod-eu delete deploy api", "shell.kubectl.delete", "api", "prod-eu"},
		{"helm uninstall web -n production", "shell.helm.uninstall", "web", "production"},
		{"aws --profile prod s3 rb s3://logs --force", "shell.aws.delete", "s3://logs", "profile prod"},
		{"aws dynamodb delete-table --table-name users-prod", "shell.aws.delete", "users-prod", "users-prod"},
		{"az group delete -n prod-rg --yes", "shell.az.delete", "prod-rg", "prod-rg"},
		{"gh repo delete acme/api --yes", "shell.forge.repo-delete", "acme/api", "acme/api"},
		{"velero backup delete nightly-prod --confirm", "shell.velero.delete", "nightly-prod", "nightly-prod"},
		{"terraform -chdir=envs/prod destroy", "shell.terraform.destroy", "", "envs/prod"},
		{"serverless remove --stage prod", "shell.serverless.remove", "prod", "prod"},
	} {
		res := Analyze(tc.cmd, exampleOptions)
		f, ok := infraFinding(res, tc.id)
		if !ok {
			t.Errorf("%q: no %s finding; found %v", tc.cmd, tc.id, ruleIDs(res))
			continue
		}
		if !strings.Contains(f.Message, tc.inMessage) {
			t.Errorf("%q: message %q does not name %q", tc.cmd, f.Message, tc.inMessage)
		}
		found := false
		for _, x := range f.Targets {
			if x == tc.target {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: targets %q lack %q", tc.cmd, f.Targets, tc.target)
		}
	}
}

// TestInfraRulesComplete checks the infrastructure rules' own contract.
func TestInfraRulesComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range infraRules {
		if seen[r.ID] {
			t.Errorf("%s: listed twice", r.ID)
		}
		seen[r.ID] = true
		if len(r.NoMatch) == 0 {
			t.Errorf("%s: no counter-example", r.ID)
		}
		if !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary should be a sentence", r.ID)
		}
		if r.Points >= 26 && r.Alternative == "" && r.Category != rule.Infrastructure {
			t.Errorf("%s: a rule that stops the agent should offer an alternative", r.ID)
		}
	}
	for name := range infraHandlers() {
		if name == "" || strings.ContainsAny(name, "/ ") {
			t.Errorf("handler name %q is not a program base name", name)
		}
	}
}

// TestInfraNoPanic feeds the handlers odd argument lists: missing values,
// stray separators, flags where words belong. Nothing may panic.
func TestInfraNoPanic(t *testing.T) {
	pool := []string{"delete", "rm", "-f", "--force", "--", "-n", "--namespace", "prod", "-A", "--all", "exec", "run", "api",
		"-X", "DELETE", "s3", "s3api", "iam", "--recursive", "-r", "''", "=", "-jar", "jenkins-cli.jar", "--dry-run", "--file",
		"org", "apex", "force:org:delete", "-u", "-o", "destroy", "apply", "state", "workspace", "compose", "down", "-v",
		"sync", "--delete", "/", "remote:", "::", "-a", "repo", "secret", "context", "app", "version", "help", "-c",
		"--command", "ssh", "send-command", "--parameters", "commands=[", "rb", "mirror", "--remove", "permset", "assign",
		"deploy", "start", "data", "bulk", "--where", "-q", "group", "role", "assignment", "create", "--role", "Owner", "d1",
		"execute", "scale", "--replicas", "0", "cluster", "restore", "--target"}
	var names []string
	for n := range infraHandlers() {
		names = append(names, n)
	}
	sort.Strings(names)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 5000; i++ {
		w := []string{names[rng.Intn(len(names))]}
		for j := rng.Intn(7); j > 0; j-- {
			w = append(w, pool[rng.Intn(len(pool))])
		}
		cmd := strings.Join(w, " ")
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("%q: panic: %v", cmd, e)
				}
			}()
			Analyze(cmd, exampleOptions)
		}()
	}
}

func BenchmarkCheckInfra(b *testing.B) {
	cmds := []string{
		"kubectl delete ns prod", "aws s3 rm s3://b --recursive", "terraform destroy -auto-approve",
		"docker run --privileged -v /:/host alpine", "gh repo delete o/r --yes", "rsync -a --delete a/ b/",
	}
	for i := 0; i < b.N; i++ {
		Analyze(cmds[i%len(cmds)], exampleOptions)
	}
}
