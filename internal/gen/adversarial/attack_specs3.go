package main

import "strings"

// attackInfraOptions: infrastructure CLIs given their own options before
// the command word. An option read with the wrong arity moves the command:
// a value taken for a switch makes the value the command, a switch taken
// for a value hides the command. Each way is beside a read given the same
// options, and a read whose option value names a destructive command.
const attackInfraOptions = "infra-options"

// attackSpecs3ExtraRows are the rows of the infra-options class.
func attackSpecs3ExtraRows() []Row {
	const c = attackInfraOptions
	cases := []struct {
		prog      string
		opts      []string // the program's options, each spelled as it accepts them
		min, verb string   // a destructive command, and its least verdict
		what      string
		read      string // a read of the same program
		valueOpt  string // an option that takes a value, for the read whose value names the command
		valueVerb string
	}{
		{"velero", []string{"-v 4", "--v=4", "--features EnableCSI", "--kubecontext prod", "-n velero"}, "approve",
			"backup delete nightly --confirm", "Deletes the Velero backup nightly and its stored data.", "backup get", "-n", "delete"},
		{"kops", []string{"-v 2", "--state s3://kops-state", "--state=s3://kops-state"}, "approve",
			"delete cluster --name k8s.example.com --yes", "Deletes the Kubernetes cluster k8s.example.com.", "get clusters", "--state", "delete"},
		{"cdk", []string{"-e", "-ej", "--roleArn arn:aws:iam::1:role/deploy", "-r arn:aws:iam::1:role/deploy"}, "approve",
			"destroy --all --force", "Deletes every stack of the CDK app and the resources in them.", "synth", "--profile", "destroy"},
		{"gitlab-runner", []string{"-config /etc/gitlab-runner/config.toml", "-c=/etc/gitlab-runner/config.toml", "--log-level debug", "-debug"}, "confirm",
			"unregister --all-runners", "Unregisters every GitLab runner of this machine.", "list", "-config", "unregister"},
		{"mc", []string{"-C /tmp/mc", "-config-dir=/tmp/mc", "--config-dir /tmp/mc", "-json"}, "approve",
			"rm --recursive --force local/bucket", "Deletes every object under local/bucket.", "ls local/bucket", "-C", "rm"},
		{"s5cmd", []string{"-numworkers 64", "--numworkers=64", "--endpoint-url https://minio.internal:9000", "-r 3"}, "approve",
			"rm 's3://backups/*'", "Deletes every object of the backups bucket.", "ls s3://backups", "--profile", "rm"},
		{"argocd", []string{"--grpc-web", "-H 'X-Tenant: a'", "--argocd-context prod", "--core"}, "approve",
			"app delete web", "Deletes the Argo CD application web and every resource it deployed.", "app list", "--server", "delete"},
		{"supabase", []string{"--experimental", "--workdir ./db", "--debug"}, "approve",
			"db reset --linked", "Drops every table of the linked Supabase database.", "projects list", "--workdir", "db"},
		{"netlify", []string{"--json", "--auth tok"}, "approve",
			"api deleteSite --data '{\"site_id\":\"1\"}'", "Deletes a Netlify site through the API.", "status", "--filter", "api"},
		{"flux", []string{"-n flux-system", "--timeout 5m", "--context prod"}, "confirm",
			"uninstall --silent", "Uninstalls Flux from the cluster.", "get kustomizations", "-n", "uninstall"},
	}
	var rows []Row
	for _, k := range cases {
		for _, o := range k.opts {
			rows = append(rows,
				d(c, k.min, k.prog+" "+o+" "+k.verb, k.what),
				b(c, k.prog+" "+o+" "+k.read, "A read, with the same option."),
			)
		}
		rows = append(rows, b(c, k.prog+" "+k.valueOpt+" "+k.valueVerb+" "+k.read, "A read: "+k.valueVerb+" is the value of "+k.valueOpt+"."))
	}
	// The command flyctl runs on a machine, after a switch that picks it.
	for _, o := range []string{"-s -C", "-sC", "--select --command", "--select -C"} {
		rows = append(rows,
			d(c, "approve", "fly ssh console "+o+" 'rm -rf /'", "Deletes every file of the Fly.io machine."),
			b(c, "fly ssh console "+o+" 'uptime'", "Shows the machine's uptime."),
		)
	}
	// heroku run's own options anywhere; the rest is the dyno's command.
	for _, o := range []string{"-a app", "--app=app -x", "-s standard-2x --", "-e 'A=1;B=2' --no-tty"} {
		rows = append(rows,
			d(c, "approve", "heroku run "+o+" rm -rf /", "Deletes every file of the Heroku dyno."),
			b(c, "heroku run "+o+" ls -la /", "Lists the dyno's files."),
		)
		if !strings.Contains(o, "--") || strings.Contains(o, "--no-tty") {
			rows = append(rows, d(c, "approve", "heroku run rm -rf / "+o, "Deletes every file of the Heroku dyno."))
		}
	}
	return rows
}
