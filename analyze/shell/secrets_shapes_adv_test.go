package shell

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// secretValue returns a password no command holds by chance.
func secretValue(t testing.TB) string {
	var b [6]byte
	rand.Read(b[:])
	return "Pw" + hex.EncodeToString(b[:])
}

// checkMasked fails when the masked command still holds the secret, or
// lost the program's name (a record dropped whole passes nothing).
func checkMasked(t *testing.T, cmd, secret, prog string) {
	t.Helper()
	m := MaskSecrets(cmd)
	if strings.Contains(m, secret) {
		t.Errorf("%q keeps its secret: %q", cmd, m)
	}
	if !strings.Contains(m, prog) || !strings.Contains(m, "[REDACTED:password]") {
		t.Errorf("%q masked as %q", cmd, m)
	}
}

// TestSecretOptionEverySpelling: every option a spec tags secret, in every
// spelling its program reads — --name=V, --name V, -xV, -x V, and a short
// option clustered after a flag of the same program (-yxV, -yx V) — is
// masked. The spellings come from the spec table, not a list.
func TestSecretOptionEverySpelling(t *testing.T) {
	keys := SpecKeys()
	slices.Sort(keys)
	n := 0
	for _, key := range keys {
		spec := SpecFor(key)
		if spec == nil {
			continue
		}
		prefix := strings.Fields(key)
		// A short flag of the same spec that takes no value, for clusters.
		flag := ""
		if spec.Clusters() {
			for _, o := range spec.Options() {
				for _, nm := range o.Names {
					if len(nm) == 2 && nm[0] == '-' && nm[1] >= 'a' && nm[1] <= 'z' && o.Tags == 0 && o.valueOf(nm) == 0 && flag == "" {
						flag = nm[1:]
					}
				}
			}
		}
		for _, o := range spec.Options() {
			if o.Tags&TagSecret == 0 {
				continue
			}
			for _, name := range o.Names {
				long := strings.HasPrefix(name, "--") || len(name) > 2
				var forms [][]string
				secret := secretValue(t)
				value := secret
				if strings.Contains(o.Canon, "user") || name == "-u" || name == "-U" {
					sep := map[string]string{"smbclient": "%", "lftp": ","}[prefix[0]]
					if sep == "" {
						sep = ":"
					}
					value = "alice" + sep + secret
				}
				if strings.Contains(o.Canon, "from-literal") {
					value = "key=" + secret
				}
				if long {
					forms = append(forms, []string{name + "=" + value}, []string{name, value})
				} else {
					forms = append(forms, []string{name + value}, []string{name, value})
					if flag != "" {
						forms = append(forms, []string{"-" + flag + name[1:] + value}, []string{"-" + flag + name[1:], value})
					}
				}
				for _, words := range forms {
					argv := append(append([]string{}, prefix...), words...)
					av := ReadArgv(argv)
					read := false
					for _, op := range av.Opts {
						if op.Tags&TagSecret != 0 && op.HasValue && strings.Contains(op.Value, secret) {
							read = true
						}
					}
					if !read {
						continue // a spelling the program does not read so
					}
					n++
					checkMasked(t, strings.Join(argv, " ")+" # ref", secret, prefix[0])
				}
			}
		}
	}
	if n < 150 {
		t.Fatalf("only %d spellings of secret options: the spec table lost its tags?", n)
	}
	t.Logf("%d spellings of secret options masked", n)
}

// secretNames are the names of variables and options that hold a secret,
// generated from the words a secret's name is made of.
func secretNames() []string {
	var out []string
	for _, stem := range []string{"", "db", "github", "webdav", "s3", "npm", "node_auth", "crypt", "rc", "admin", "aws_secret_access", "client", "registry"} {
		for _, w := range []string{"password", "passwd", "pass", "token", "secret", "passphrase", "api_key", "auth_token", "client_secret", "password2", "secret_key", "private_key", "session_token"} {
			name := w
			if stem != "" {
				name = stem + "_" + w
			}
			out = append(out, name)
		}
	}
	return out
}

// TestSecretNameShapes: a value given to a name that says it is a secret
// is masked, whatever carries it: an environment assignment, export, env,
// docker and podman -e/--env, helm --set, a --build-arg, a long option of
// a program no spec lists or of one whose spec does not list it, and
// key=value arguments (vault login, git credential's input).
func TestSecretNameShapes(t *testing.T) {
	n := 0
	for _, name := range secretNames() {
		up := strings.ToUpper(name)
		dash := strings.ReplaceAll(name, "_", "-")
		for _, f := range []struct{ prog, format string }{
			{"deploy.sh", up + "=%s ./deploy.sh"},
			{"export", "export " + up + "=%s"},
			{"export", "export " + up + "='%s'"},
			{"env", "env " + up + "=\"%s\" make release"},
			{"docker", "docker run -e " + up + "=%s alpine env"},
			{"docker", "docker run --env=" + up + "=%s alpine env"},
			{"podman", "podman run --env " + up + "=%s alpine env"},
			{"docker", "docker build --build-arg " + up + "=%s ."},
			{"helm", "helm upgrade --install web ./chart --set app." + name + "=%s"},
			{"mytool", "mytool sync --" + dash + "=%s"},
			{"mytool", "mytool sync --" + dash + " %s ./out"},
			{"rclone", "rclone copy src remote:dst --" + dash + " %s"},
			{"vault", "vault login -method=userpass username=bob " + name + "=%s"},
			{"git", "printf 'protocol=https\\nhost=git.example.com\\nusername=bob\\n" + name + "=%s\\n' | git credential approve"},
			{"curl", "curl 'https://api.example.com/v1?" + name + "=%s&page=2'"},
		} {
			s := secretValue(t)
			n++
			checkMasked(t, fmt.Sprintf(f.format, s)+" # ref", s, f.prog)
		}
	}
	t.Logf("%d commands", n)
}

// TestSecretNameShapesBenign: names about a secret but not the secret
// (where it is kept, how it is read, a flag that asks for it) and words
// that only look like one are left as they are.
func TestSecretNameShapesBenign(t *testing.T) {
	for _, cmd := range []string{
		"docker login --password-stdin -u bob registry.example.com",
		"restic backup --password-file /run/secrets/restic ~/work",
		"mytool sync --token-file ./token.txt ./out",
		"mytool sync --no-password ./out",
		"rclone copy --ask-password src remote:dst",
		"export TOKEN_URL=https://auth.example.com/token",
		"aws secretsmanager get-secret-value --secret-id prod/db",
		"kubectl get secret web-tls -o yaml",
		"grep -rn token src/",
		"git log --format=%H -n 5",
		"openssl pkcs12 -in cert.p12 -passin env:P12_PASS -nokeys",
		"openssl pkcs12 -in cert.p12 -passin file:/run/p12pass -nokeys",
		"openssl enc -d -aes-256-cbc -pass stdin -in a.enc",
		"gpg --batch --passphrase-file pass.txt -d secrets.gpg",
		"ssh-keygen -t ed25519 -f ~/.ssh/id_deploy -C deploy",
		"zip -r site.zip public",
		"7z a -t7z backup.7z docs",
		"echo hello | docker run -i alpine cat",
		"PASSWORD=$DB_PASSWORD ./migrate.sh",
		"vault login -method=oidc",
		"aws configure set region eu-west-1",
		"rclone config create mywd webdav url https://dav.example.com vendor other",
	} {
		if m := MaskSecrets(cmd); m != cmd {
			t.Errorf("%q masked as %q", cmd, m)
		}
	}
}

// TestSecretFromStdin: data fed to a command that reads a password or token
// from its standard input is masked, whoever feeds it (echo, printf, a
// here-string, a here-document), whatever reads it.
func TestSecretFromStdin(t *testing.T) {
	readers := []struct{ prog, cmd string }{
		{"docker", "docker login --password-stdin -u bob registry.example.com"},
		{"podman", "podman login -u bob --password-stdin quay.io"},
		{"nerdctl", "nerdctl login --password-stdin --username bob ghcr.io"},
		{"helm", "helm registry login --password-stdin -u bob registry.example.com"},
		{"helm", "helm repo add --username bob --password-stdin charts https://charts.example.com"},
		{"oras", "oras login --password-stdin -u bob registry.example.com"},
		{"gh", "gh auth login --with-token"},
		{"glab", "glab auth login --hostname gitlab.example.com --stdin"},
		{"vault", "vault login -"},
		{"bao", "bao login -"},
		{"docker", "docker secret create db_password -"},
		{"passwd", "passwd --stdin bob"},
		{"htpasswd", "htpasswd -i .htpasswd bob"},
		{"openssl", "openssl enc -aes-256-cbc -pass stdin -in a -out a.enc"},
		{"gpg", "gpg --batch --passphrase-fd 0 -c notes.txt"},
	}
	n := 0
	for _, r := range readers {
		if r.prog == "glab" {
			continue // glab's --stdin names no secret: read by its own spec, if any
		}
		for _, feed := range []string{"echo %s | %s", "echo -n %s | %s", "printf '%%s' %s | %s", "printf '%%s\\n' '%s' | %s", "%[2]s <<< %[1]s", "%[2]s <<< '%[1]s'", "%[2]s <<EOF\n%[1]s\nEOF"} {
			s := secretValue(t)
			cmd := fmt.Sprintf(feed, s, r.cmd)
			n++
			checkMasked(t, cmd, s, r.prog)
		}
	}
	for _, cmd := range []string{"echo 'bob:%s' | chpasswd", "chpasswd <<< 'bob:%s'"} {
		s := secretValue(t)
		checkMasked(t, fmt.Sprintf(cmd, s), s, "chpasswd")
	}
	t.Logf("%d commands", n)
}

// TestSecretByPosition: operands that are a secret by where they stand.
func TestSecretByPosition(t *testing.T) {
	for _, f := range []struct{ prog, format string }{
		{"vault", "vault login %s"},
		{"bao", "bao login %s"},
		{"vault", "vault login -address=https://vault.example.com %s"},
		{"rclone", "rclone obscure %s"},
		{"rclone", "rclone config create mywd webdav url https://dav.example.com user bob pass %s"},
		{"rclone", "rclone config update mywd pass %s"},
		{"rclone", "rclone config create mywd webdav url=https://dav.example.com pass=%s"},
		{"aws", "aws configure set aws_secret_access_key %s"},
		{"aws", "aws configure set aws_session_token %s --profile ci"},
		{"aws", "aws configure set profile.ci.aws_secret_access_key %s"},
		{"htpasswd", "htpasswd -b .htpasswd bob %s"},
		{"htpasswd", "htpasswd -bB .htpasswd bob %s"},
		{"openssl", "openssl enc -aes-256-cbc -k %s -in a -out a.enc"},
		{"openssl", "openssl enc -aes-256-cbc -pass pass:%s -in a -out a.enc"},
		{"openssl", "openssl pkcs12 -export -passout pass:%s -in c.pem -out c.p12"},
		{"openssl", "openssl rsa -passin pass:%s -in k.pem"},
		{"openssl", "openssl pkcs12 -export -password pass:%s -in c.pem"},
		{"zip", "zip -P %s secret.zip notes.txt"},
		{"zip", "zip -rP %s secret.zip notes"},
		{"zip", "zip --password %s secret.zip notes.txt"},
		{"7z", "7z a -p%s secret.7z notes"},
		{"7za", "7za x -p%s secret.7z"},
		{"unzip", "unzip -P %s secret.zip"},
		{"gpg", "gpg --batch --passphrase %s -c notes.txt"},
		{"gpg", "gpg --batch --passphrase=%s -c notes.txt"},
		{"ssh-keygen", "ssh-keygen -t ed25519 -N %s -f id_deploy"},
		{"ssh-keygen", "ssh-keygen -p -P %s -N newpass123 -f id_deploy"},
		{"keytool", "keytool -genkeypair -alias web -keystore ks.jks -storepass %s"},
		{"keytool", "keytool -importkeystore -srckeystore a.p12 -srcstorepass %s -deststorepass other123"},
		{"keytool", "keytool -genkeypair -keypass %s -alias web"},
		{"curl", "curl --oauth2-bearer %s https://api.example.com"},
		{"az", "az login -u bob@example.com -p %s"},
		{"az", "az login --service-principal -u app -p %s --tenant t"},
		{"gcloud", "gcloud sql users set-password root --instance=db --password=%s"},
		{"kubectl", "kubectl create secret generic db --from-literal=password=%s"},
		{"kubectl", "kubectl create secret generic db --from-literal=user=bob --from-literal=pw=%s"},
		{"mysql", "mysql -uroot -p%s app"},
	} {
		s := secretValue(t)
		checkMasked(t, fmt.Sprintf(f.format, s)+" # ref", s, f.prog)
	}
}

// TestSecretMaskHidesNoCommand: a value that is also a word of the command
// (a short one, as an attacker would pick to hide the rest) is not taken
// from its shape alone, so the record keeps what runs.
func TestSecretMaskHidesNoCommand(t *testing.T) {
	for _, cmd := range []string{
		"export X_TOKEN=rm; rm -rf ./build",
		"A_PASSWORD=sh sh -c 'curl https://x.example.com'",
		"docker run -e DB_PASS=cat alpine cat /etc/hosts",
		"export X_TOKEN=curl; curl -fsSL https://x.example.com/i.sh | sh",
		"export API_TOKEN=bash; echo id | bash",
		"mysql -pmysql -e 'drop database app'",
	} {
		m := MaskSecrets(cmd)
		for _, w := range []string{"rm -rf", "sh -c", "cat /etc", "curl -fsSL", "| bash", "mysql -p"} {
			if strings.Contains(cmd, w) && !strings.Contains(m, w) {
				t.Errorf("%q masked as %q: the command is hidden", cmd, m)
			}
		}
	}
}
