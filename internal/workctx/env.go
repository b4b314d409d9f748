package workctx

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// envNames are the environment variables that name the environment a
// program runs against.
var envNames = []string{"ENV", "ENVIRONMENT", "APP_ENV", "NODE_ENV", "RAILS_ENV", "RACK_ENV", "FLASK_ENV", "MIX_ENV", "STAGE", "DEPLOY_ENV",
	"ASPNETCORE_ENVIRONMENT", "DJANGO_SETTINGS_MODULE", "AWS_PROFILE", "TF_WORKSPACE", "CLOUDSDK_ACTIVE_CONFIG_NAME", "KUBE_CONTEXT", "PULUMI_STACK"}

// Production looks for seed 002's production indicators around a hook
// call: environment variables naming production, kubectl's current
// context, terraform's workspace and gcloud's active configuration. It
// returns why, in a person's words ("NODE_ENV is production"), or "".
// Each look is a variable or a small file read.
func Production(cwd string, getenv func(string) string, home string) string {
	for _, k := range envNames {
		if v := getenv(k); v != "" && prodWord(v) {
			return k + " is " + v
		}
	}
	if ctx := kubeContext(getenv, home); ctx != "" && prodWord(ctx) {
		return "kubectl's current context is " + ctx
	}
	if cwd != "" {
		if b, err := readSmall(filepath.Join(cwd, ".terraform", "environment"), 256); err == nil {
			if ws := strings.TrimSpace(string(b)); prodWord(ws) {
				return "the terraform workspace is " + ws
			}
		}
	}
	if dir := gcloudConfigDir(getenv, home); dir != "" {
		if b, err := readSmall(filepath.Join(dir, "active_config"), 256); err == nil {
			if c := strings.TrimSpace(string(b)); prodWord(c) {
				return "gcloud's active configuration is " + c
			}
		}
	}
	return ""
}

// gcloudConfigDir is gcloud's configuration directory: $CLOUDSDK_CONFIG,
// else %AppData%\gcloud on Windows and ~/.config/gcloud elsewhere (macOS
// included), or "" when unknown.
func gcloudConfigDir(getenv func(string) string, home string) string {
	if d := getenv("CLOUDSDK_CONFIG"); d != "" {
		return d
	}
	if runtime.GOOS == "windows" {
		if d := getenv("APPDATA"); d != "" {
			return filepath.Join(d, "gcloud")
		}
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "gcloud")
}

// kubeContext is the current-context of the first kube config file.
func kubeContext(getenv func(string) string, home string) string {
	path := getenv("KUBECONFIG")
	if i := strings.IndexByte(path, os.PathListSeparator); i >= 0 {
		path = path[:i]
	}
	if path == "" && home != "" {
		path = filepath.Join(home, ".kube", "config")
	}
	if path == "" {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(io64k(f))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "current-context:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// prodWord reports whether s names production as a whole word (prod,
// production, prd, live), as in prod-eu or myapp.settings.production.
func prodWord(s string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		switch w {
		case "prod", "production", "prd", "live":
			return true
		}
	}
	return false
}
