package evaluate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// JudgeConfig configures a Judge: an OpenAI-compatible chat-completions
// endpoint and how much of the input it sees.
type JudgeConfig struct {
	// URL is an OpenAI-compatible base URL (".../v1") or the full
	// ".../chat/completions" endpoint.
	URL   string
	Model string
	// APIKey is sent as "Authorization: Bearer …" when set.
	APIKey string
	// Rate is the share of trajectories judged, 0–1 (the CLI's default is
	// 0.1, seed 004's "sample 10% of traces").
	Rate float64
	// Timeout bounds each attempt; 0 means 60 s.
	Timeout time.Duration
	// Retries is the number of extra attempts after a failure; 0 means 2,
	// a negative number none.
	Retries int
	// HTTPClient sends the requests; nil means a client of the Judge's own.
	HTTPClient *http.Client
	// MaxPromptBytes bounds the trajectory text sent (the user message;
	// the fixed system prompt comes on top); 0 means 64 KiB. Long texts are
	// cut to fit, tool calls last; a trajectory whose tool calls alone do
	// not fit is not sent.
	MaxPromptBytes int
}

// Defaults and bounds of a Judge.
const (
	DefaultJudgeTimeout        = 60 * time.Second
	DefaultJudgeRetries        = 2
	DefaultJudgeMaxPromptBytes = 64 << 10
	// MinJudgeMaxPromptBytes is the smallest MaxPromptBytes NewJudge accepts.
	MinJudgeMaxPromptBytes = 1 << 10

	maxJudgeResponse = 4 << 20                // bytes read from a response
	judgeBackoff     = 500 * time.Millisecond // the first wait between attempts
	maxJudgeWait     = 30 * time.Second       // the longest wait between attempts, Retry-After included
)

// Judge asks an LLM, through an OpenAI-compatible chat-completions
// endpoint, whether each tool call of a trajectory was safe in its context:
// seed 004's ActionSafetyEval. It sees the trajectory with secrets and
// personal data masked (audit.Redact), and the metric's and the guard's
// findings as hints.
//
// A Judge is safe for concurrent use.
type Judge struct {
	endpoint string // where requests go
	shown    string // the endpoint as errors show it: no user info, no query
	model    string
	apiKey   string
	rate     float64
	timeout  time.Duration
	attempts int
	client   *http.Client
	maxBytes int

	// backoff is the first wait between attempts and maxWait the longest;
	// tests shorten them.
	backoff, maxWait time.Duration
}

// NewJudge checks cfg and returns a Judge. It does not contact the
// endpoint.
func NewJudge(cfg JudgeConfig) (*Judge, error) {
	endpoint, shown, err := judgeEndpoint(cfg.URL)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("judge: no model: name the model the endpoint serves (e.g. gpt-4o-mini, or llama3.1 for a local server)")
	}
	if math.IsNaN(cfg.Rate) || cfg.Rate < 0 || cfg.Rate > 1 {
		return nil, fmt.Errorf("judge: sampling rate %v is not between 0 and 1: use 0.1 to judge 10%% of the trajectories, 1 to judge all", cfg.Rate)
	}
	if cfg.Timeout < 0 {
		return nil, fmt.Errorf("judge: timeout %v is negative: use 0 for the default of %v", cfg.Timeout, DefaultJudgeTimeout)
	}
	if cfg.MaxPromptBytes < 0 || (cfg.MaxPromptBytes > 0 && cfg.MaxPromptBytes < MinJudgeMaxPromptBytes) {
		return nil, fmt.Errorf("judge: prompt bound %d bytes is too small: use at least %d, or 0 for the default of %d", cfg.MaxPromptBytes, MinJudgeMaxPromptBytes, DefaultJudgeMaxPromptBytes)
	}
	j := &Judge{
		endpoint: endpoint,
		shown:    shown,
		model:    strings.TrimSpace(cfg.Model),
		apiKey:   strings.TrimSpace(cfg.APIKey),
		rate:     cfg.Rate,
		timeout:  cfg.Timeout,
		attempts: 1 + cfg.Retries,
		client:   cfg.HTTPClient,
		maxBytes: cfg.MaxPromptBytes,
		backoff:  judgeBackoff,
		maxWait:  maxJudgeWait,
	}
	if j.timeout == 0 {
		j.timeout = DefaultJudgeTimeout
	}
	switch {
	case cfg.Retries == 0:
		j.attempts = 1 + DefaultJudgeRetries
	case cfg.Retries < 0:
		j.attempts = 1
	}
	if j.client == nil {
		// No client timeout: each attempt's context bounds it.
		j.client = &http.Client{}
	}
	if j.maxBytes == 0 {
		j.maxBytes = DefaultJudgeMaxPromptBytes
	}
	return j, nil
}

// judgeEndpoint returns the chat-completions endpoint of raw, a base URL or
// the endpoint itself, and the form of it errors show.
func judgeEndpoint(raw string) (endpoint, shown string, err error) {
	const hint = "e.g. https://api.openai.com/v1 or http://localhost:11434/v1"
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", "", fmt.Errorf("judge: no URL: give the base URL of an OpenAI-compatible API, %s", hint)
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Error repeats the URL, which may hold a password.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", "", fmt.Errorf("judge: the URL does not parse (%v): %s", err, hint)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", "", fmt.Errorf("judge: the URL's scheme is %q, not http or https: %s", u.Scheme, hint)
	}
	if u.Host == "" {
		return "", "", fmt.Errorf("judge: the URL has no host: %s", hint)
	}
	u.Fragment, u.RawFragment = "", ""
	p := strings.TrimRight(u.Path, "/")
	if !strings.HasSuffix(p, "/chat/completions") {
		p += "/chat/completions"
	}
	u.Path, u.RawPath = p, ""
	s := *u
	s.User, s.RawQuery, s.ForceQuery = nil, "", false
	return u.String(), s.String(), nil
}

// Model returns the name of the judge's model.
func (j *Judge) Model() string { return j.model }

// Sampled reports whether the trajectory with this id is judged. It
// depends only on the id and the rate: the first 53 bits of the id's
// SHA-256, as a fraction of 1, against Rate. Two runs over the same file
// judge the same trajectories, and a higher rate judges a superset.
func (j *Judge) Sampled(id string) bool {
	switch {
	case j.rate <= 0:
		return false
	case j.rate >= 1:
		return true
	}
	h := sha256.Sum256([]byte(id))
	x := binary.BigEndian.Uint64(h[:8]) >> 11
	return float64(x) < j.rate*(1<<53)
}

// Evaluate asks the judge about the tool calls of t, whose metric result r
// (patterns and guard decisions per step; nil when unknown) the judge sees
// as hints. It never returns nil: when the judge gives no valid answer,
// after its retries, the JudgeResult has Error set and no Steps. A
// trajectory without tool calls is not sent: its result has no Steps and
// no Error.
//
// Failures of the network, timeouts, 429 and 5xx answers are retried with
// exponential backoff (honouring Retry-After); an answer that does not
// parse is retried once; other 4xx answers are not retried. When ctx ends,
// Evaluate returns at once with Error set.
func (j *Judge) Evaluate(ctx context.Context, t *Trajectory, r *Result) *JudgeResult {
	res := &JudgeResult{Model: j.model}
	if j.client == nil || j.attempts < 1 {
		res.Error = "the judge was not made by NewJudge"
		return res
	}
	if t == nil {
		res.Error = "no trajectory"
		return res
	}
	if t.ToolCalls() == 0 {
		res.Steps = []JudgeStep{}
		return res
	}
	prompt, err := renderJudgePrompt(t, r, j.maxBytes)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	body, err := json.Marshal(judgeRequest{
		Model: j.model,
		Messages: []judgeMessage{
			{Role: "system", Content: judgeSystemPrompt},
			{Role: "user", Content: prompt},
		},
		Temperature:    0,
		ResponseFormat: judgeResponseFormat{Type: "json_object"},
	})
	if err != nil { // cannot happen: strings only
		res.Error = "encoding the request: " + err.Error()
		return res
	}

	var (
		last        *judgeAttemptError
		n           int
		answerRetry bool // a retry was spent on an answer that did not parse
	)
	for n < j.attempts {
		if n > 0 {
			if err := j.wait(ctx, n, last.wait); err != nil {
				break
			}
		}
		if ctx.Err() != nil {
			break
		}
		n++
		var content, finish string
		content, finish, last = j.post(ctx, body)
		if last == nil {
			steps, err := ParseJudgeAnswer(content, t)
			if err == nil {
				res.Steps = steps
				return res
			}
			msg := "the answer does not parse: " + err.Error()
			if finish == "length" {
				msg += " (the model stopped at its length limit)"
			}
			last = &judgeAttemptError{msg: msg, answer: true, retry: true}
		}
		if !last.retry || ctx.Err() != nil {
			break
		}
		if last.answer {
			// At temperature 0 the same prompt tends to get the same
			// answer: one more try, not the whole budget.
			if answerRetry {
				break
			}
			answerRetry = true
		}
	}
	switch {
	case ctx.Err() != nil:
		res.Error = "stopped: " + context.Cause(ctx).Error()
	case last == nil: // cannot happen: attempts ≥ 1
		res.Error = "no attempt was made"
	case n > 1:
		res.Error = fmt.Sprintf("no answer after %d attempts: %s", n, last.msg)
	default:
		res.Error = last.msg
	}
	return res
}

// wait sleeps before attempt n+1 (n ≥ 1): Retry-After when the server gave
// one, otherwise exponential backoff with jitter; both at most maxWait.
func (j *Judge) wait(ctx context.Context, n int, after time.Duration) error {
	d := after
	if d <= 0 {
		d = j.backoff << min(n-1, 16)
		// ±25% so that parallel workers do not retry in step.
		d = time.Duration(float64(d) * (0.75 + 0.5*rand.Float64()))
	}
	d = min(d, j.maxWait)
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// judgeAttemptError is why one attempt failed.
type judgeAttemptError struct {
	msg    string
	retry  bool          // worth another attempt
	answer bool          // the endpoint answered, but not with a valid answer
	wait   time.Duration // Retry-After, when the server said
}

// judgeRequest is the body of a chat-completions request.
type judgeRequest struct {
	Model          string              `json:"model"`
	Messages       []judgeMessage      `json:"messages"`
	Temperature    float64             `json:"temperature"`
	ResponseFormat judgeResponseFormat `json:"response_format"`
}

type judgeMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type judgeResponseFormat struct {
	Type string `json:"type"`
}

// judgeResponse is the part of a chat-completions response the judge reads.
type judgeResponse struct {
	Choices []struct {
		Message struct {
			// Content is a string, or, from some servers, an array of
			// {"type": "text", "text": …} parts.
			Content json.RawMessage `json:"content"`
			Refusal string          `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Error json.RawMessage `json:"error"`
}

// post sends one request and returns the content of the first choice and
// its finish reason.
func (j *Judge) post(ctx context.Context, body []byte) (content, finish string, _ *judgeAttemptError) {
	actx, cancel := context.WithTimeout(ctx, j.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, j.endpoint, bytes.NewReader(body))
	if err != nil {
		return "", "", &judgeAttemptError{msg: "POST " + j.shown + ": " + err.Error()}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "actionguard-judge")
	if j.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+j.apiKey)
	}
	resp, err := j.client.Do(req)
	if err != nil {
		return "", "", j.transportError(ctx, actx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxJudgeResponse+1))
	if err != nil {
		return "", "", j.transportError(ctx, actx, err)
	}
	if len(data) > maxJudgeResponse {
		return "", "", &judgeAttemptError{msg: fmt.Sprintf("POST %s: the response is larger than %d MiB", j.shown, maxJudgeResponse>>20)}
	}

	status := resp.StatusCode
	if status < 200 || status > 299 {
		e := &judgeAttemptError{
			msg:   fmt.Sprintf("POST %s: %s%s", j.shown, resp.Status, judgeResponseDetail(data)),
			retry: status == http.StatusTooManyRequests || status >= 500,
		}
		if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
			e.wait = judgeRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
		if status == http.StatusUnauthorized || status == http.StatusForbidden {
			e.msg += " (check the API key)"
		} else if status == http.StatusNotFound {
			e.msg += " (check the URL and the model name)"
		}
		return "", "", e
	}

	var cr judgeResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return "", "", &judgeAttemptError{msg: fmt.Sprintf("POST %s: the response is not chat-completions JSON (%v)%s", j.shown, err, judgeSnippet(data)), retry: true, answer: true}
	}
	if msg := judgeErrorMessage(cr.Error); msg != "" {
		// Some gateways report an upstream failure in a 200 response.
		return "", "", &judgeAttemptError{msg: fmt.Sprintf("POST %s: the endpoint reported an error: %s", j.shown, msg), retry: true}
	}
	if len(cr.Choices) == 0 {
		return "", "", &judgeAttemptError{msg: fmt.Sprintf("POST %s: the response has no choices", j.shown), retry: true, answer: true}
	}
	c := cr.Choices[0]
	content = judgeMessageContent(c.Message.Content)
	if strings.TrimSpace(content) == "" {
		msg := "the answer is empty"
		if c.Message.Refusal != "" {
			msg = "the model refused: " + judgeClip(audit.Redact(c.Message.Refusal), 200)
		}
		return "", "", &judgeAttemptError{msg: msg, retry: true, answer: true}
	}
	return content, c.FinishReason, nil
}

// transportError describes a request that got no response, or whose
// response broke off.
func (j *Judge) transportError(ctx, attempt context.Context, err error) *judgeAttemptError {
	switch {
	case ctx.Err() != nil:
		return &judgeAttemptError{msg: "stopped: " + context.Cause(ctx).Error()}
	case attempt.Err() != nil:
		return &judgeAttemptError{msg: fmt.Sprintf("POST %s: no answer within %v", j.shown, j.timeout), retry: true}
	}
	// url.Error repeats the URL, which may hold a password or a key in
	// its query.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return &judgeAttemptError{msg: fmt.Sprintf("POST %s: %v", j.shown, err), retry: true}
}

// judgeRetryAfter parses a Retry-After header: seconds or an HTTP date. It
// returns 0 when there is none.
func judgeRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(min(s, 3600)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), time.Hour)
	}
	return 0
}

// judgeResponseDetail is what an error response says: its error message, or the
// start of its body.
func judgeResponseDetail(data []byte) string {
	var e struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(data, &e) == nil {
		if msg := judgeErrorMessage(e.Error); msg != "" {
			return ": " + msg
		}
		if e.Message != "" {
			return ": " + judgeClip(audit.Redact(e.Message), 300)
		}
	}
	return judgeSnippet(data)
}

// judgeErrorMessage reads an OpenAI-style "error" member: an object with a
// message (and maybe a type or code), or a string.
func judgeErrorMessage(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return judgeClip(audit.Redact(s), 300)
	}
	var e struct {
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return judgeClip(audit.Redact(string(raw)), 300)
	}
	msg := e.Message
	if msg == "" {
		msg = "(no message)"
	}
	if code := strings.Trim(string(e.Code), `"`); code != "" && code != "null" {
		msg += " [" + code + "]"
	} else if e.Type != "" {
		msg += " [" + e.Type + "]"
	}
	return judgeClip(audit.Redact(msg), 300)
}

// judgeMessageContent returns a message's content: a string, or the text parts
// of an array of parts.
func judgeMessageContent(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "" || p.Type == "text" || p.Type == "output_text" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// judgeSnippet is the start of a body for an error message, on one line.
func judgeSnippet(data []byte) string {
	s := strings.Join(strings.Fields(string(data)), " ")
	if s == "" {
		return ""
	}
	return ": " + judgeClip(audit.Redact(s), 200)
}

// judgeClip cuts s to at most n bytes on a rune boundary, marking the cut.
func judgeClip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:judgeRuneStart(s, n)] + "…"
}
