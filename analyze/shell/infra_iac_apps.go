package shell

// Application deployment tools that share the serverless rules: AWS SAM,
// SST, Amplify, Copilot and Elastic Beanstalk.

func iacAppHandlers() map[string]handler {
	return map[string]handler{
		"sam":     samHandler,
		"sst":     sstHandler,
		"amplify": amplifyHandler,
		"copilot": copilotHandler,
		"eb":      ebHandler,
	}
}

func samHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	stack, _ := c.Flag("--stack-name")
	profile, _ := c.Flag("--profile")
	t := infraTargets(stack, profile)
	switch words[0] {
	case "delete":
		r.mutates()
		r.add(c.find(slsRemove, "Deletes the SAM application's stack "+infraOr(stack, "(from samconfig)")+" and its resources.", t...))
	case "deploy", "sync":
		r.mutates()
		r.add(c.find(slsDeploy, "Deploys the SAM application"+infraAfterWord(" to stack", stack)+".", t...))
	case "remote":
		if len(words) > 1 && words[1] == "invoke" {
			r.mutates()
			r.add(c.find(slsInvoke, "Invokes the deployed function "+infraOr(firstOf(words[2:]), "(unnamed)")+" for real.", t...))
		}
	case "validate", "list", "logs", "traces", "docs", "help":
	default:
		r.mutates() // build, local, init, package, pipeline…
	}
}

func sstHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	stage, _ := c.Flag("--stage")
	t := infraTargets(stage)
	switch words[0] {
	case "remove":
		r.mutates()
		r.add(c.find(slsRemove, "Removes the SST app"+infraAfterWord(" from stage", stage)+" with its resources.", t...))
	case "deploy":
		r.mutates()
		r.add(c.find(slsDeploy, "Deploys the SST app"+infraAfterWord(" to stage", stage)+".", t...))
	case "diff", "version", "help", "shell", "secret":
		if words[0] == "secret" && len(words) > 1 && words[1] != "list" {
			r.mutates()
		}
	default:
		r.mutates() // dev, build, install, unlock…
	}
}

func amplifyHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	switch words[0] {
	case "delete":
		r.mutates()
		r.add(c.find(slsRemove, "Deletes the Amplify project and every backend resource it deployed.", infraTargets(words[1:]...)...))
	case "push", "publish":
		r.mutates()
		r.add(c.find(slsDeploy, "Deploys the Amplify backend"+map[bool]string{true: " and front end", false: ""}[words[0] == "publish"]+".", infraTargets(words[1:]...)...))
	case "env":
		if len(words) > 1 && words[1] == "remove" {
			r.mutates()
			r.add(c.find(slsRemove, "Deletes the Amplify environment "+infraList(words[2:])+" and its resources.", infraTargets(words[2:]...)...))
			return
		}
		if len(words) > 1 && words[1] != "list" && words[1] != "get" {
			r.mutates()
		}
	case "status", "console", "help", "version", "diagnose", "logout":
	default:
		r.mutates() // add, update, remove (local until push), init, pull, mock…
	}
}

func copilotHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	env, _ := c.Flag("-e", "--env")
	name, _ := c.Flag("-n", "--name")
	app, _ := c.Flag("-a", "--app")
	t := infraTargets(env, name, app)
	verb := firstOf(words[1:])
	if words[0] == "deploy" {
		verb = "deploy"
	}
	switch verb {
	case "delete":
		r.mutates()
		r.add(c.find(slsRemove, "Deletes the Copilot "+words[0]+" "+infraOr(name, infraOr(app, "(from the workspace)"))+infraAfterWord(" in environment", env)+" and its resources.", t...))
	case "deploy":
		r.mutates()
		r.add(c.find(slsDeploy, "Deploys the Copilot "+words[0]+" "+infraOr(name, "(from the workspace)")+infraAfterWord(" to environment", env)+".", t...))
	case "ls", "show", "status", "logs", "package", "":
	default:
		r.mutates() // init, exec, override…
	}
}

func ebHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	env := firstOf(words[1:])
	t := infraTargets(env)
	switch words[0] {
	case "terminate":
		r.mutates()
		msg := "Terminates the Elastic Beanstalk environment " + infraOr(env, "of this directory") + " and its resources"
		if c.Has("--all") {
			msg = "Terminates every environment of the Elastic Beanstalk application, and the application itself"
		}
		r.add(c.find(slsRemove, msg+".", t...))
	case "deploy", "swap", "restore", "scale", "setenv", "upgrade", "config":
		if words[0] == "config" && (env == "list" || env == "get") {
			return
		}
		r.mutates()
		r.add(c.find(slsDeploy, cloudVerbPhrase(words[0])+" the Elastic Beanstalk environment "+infraOr(env, "of this directory")+".", t...))
	case "status", "health", "events", "logs", "list", "printenv", "open", "console", "platform", "labs", "appversion", "tags", "codesource":
	default:
		r.mutates() // init, create, use, ssh, local…
	}
}
