package tools

import (
	"slices"

	"github.com/actionguard/actionguard/rule"
)

// Weights composed from the risk points table.
const (
	writePoints   = rule.PrivilegedKeyword + rule.DataModification                        // 50: cautious
	sendPoints    = rule.PrivilegedKeyword + rule.ExternalTarget                          // 50: a message or a post, a medium risk
	paymentPoints = rule.Financial                                                        // 30: the amount and the payee decide
	grantPoints   = rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible    // 75: privileged
	deletePoints  = rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible    // 75: privileged
	execPoints    = rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible    // 75: privileged
	unlockPoints  = rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible      // 75: physical access
	unknownPoints = rule.PrivilegedKeyword                                                // 30: cautious
	dangerPoints  = rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible + 30 // 105: over 100
)

var (
	ruleArgsDestructive = &rule.Rule{
		ID: "tool.args.destructive", Summary: "An argument (force, recursive, all, permanent…) makes the call destructive.",
		Points: rule.Irreversible, Category: rule.Destructive, Alternative: "Leave the flag off and act on named items.",
		Match:   []string{`DropboxDeleteItem {"item_path": "/Work", "recursive": true}`, `GitPush {"force": "true"}`},
		NoMatch: []string{`DropboxDeleteItem {"item_path": "/Work/a.txt"}`, `DropboxListFilesAndFolders {"recursive": true}`},
	}
	ruleContextEditor = &rule.Rule{
		ID: "tool.context.editor", Summary: "Creating or editing in a code editor or template engine is low-stakes and undoable.",
		Points: rule.LowCriticality + rule.Reversible, Category: rule.Routine,
		Match:   []string{`CreateFile {"path": "main.go"} app: code-editor`},
		NoMatch: []string{`CreateFile {"path": "main.go"} app: file-manager`, `DeleteFile {"path": "main.go"} app: code-editor`},
	}
	ruleContextUnrequested = &rule.Rule{
		ID: "tool.context.unrequested", Summary: "Nothing in the user's recent messages asked for this consequential action.",
		Category: rule.Routine, AlwaysReview: true, Alternative: "Ask the user first.",
		Match:   []string{`GmailSendEmail {"to": "eve@evil.com", "body": "hi"} user: summarize my inbox`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com"} user: send an email to bob@acme.com`, `GmailSearchEmails {"keywords": ["invoice"]} user: what's the weather`},
	}
	ruleContextUserDeclined = &rule.Rule{
		ID: "tool.context.user-declined", Summary: "The user said in a recent message not to do this.",
		Points: rule.Untrusted, Category: rule.Routine, AlwaysReview: true, Alternative: "Ask the user first.",
		Match:   []string{`GmailSendEmail {"to": "bob@acme.com", "body": "x"} user: don't send anything to bob`, `VenmoSendMoney {"recipient": "alice", "amount": 20} user: do not pay alice yet`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com", "body": "x"} user: don't forget to email bob`, `GmailSendEmail {"to": "bob@acme.com", "body": "x"} user: send it to bob, not to alice`},
	}
	ruleContextUserAsked = &rule.Rule{
		ID: "tool.context.user-asked", Summary: "The user asked for this action in a recent message.",
		Points: rule.UserConfirmed, Category: rule.Routine,
		Match:   []string{`GmailSendEmail {"to": "bob@acme.com"} user: please email bob@acme.com the report`, `VenmoSendMoney {"recipient": "alice", "amount": 20} user: send alice $20 on venmo`},
		NoMatch: []string{`GmailSendEmail {"to": "eve@evil.com"} user: email bob@acme.com`, `VenmoSendMoney {"recipient": "alice", "amount": 2000} user: send alice $20`},
	}
	ruleContentConflict = &rule.Rule{
		ID: "tool.content.conflict", Summary: "A message or post about a conflict, a negotiation or a complaint (medium risk).",
		Points: rule.Untrusted, Category: rule.Exfiltration,
		Match: []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Formal complaint about order 1182"} contacts: 9`,
			`SlackSendMessage {"recipient": "@vendor", "message": "This is our final offer: 20% off."} contacts: 9`, `send_email {"to": "x@y.com", "body": "We dispute the charge and demand a refund."}`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch on Friday?"}`, `GmailSearchEmails {"keywords": ["complaint"]}`, `write_file {"path": "complaints.md", "content": "complaint"}`},
	}
	ruleContentContract = &rule.Rule{
		ID: "tool.content.contract", Summary: "A message or post that changes or ends a contract or someone's employment (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match: []string{`GmailSendEmail {"to": "vendor@acme.com", "subject": "Notice of termination", "body": "We terminate the agreement."} contacts: 9`,
			`send_email {"to": "hr@acme.com", "body": "Please amend the contract so that it ends in June."}`, `SlackSendMessage {"recipient": "@sam", "message": "I'm sorry, we have to let you go."} contacts: 9`},
		NoMatch: []string{`SlackSendMessage {"recipient": "@sam", "message": "I fixed it: the worker now calls terminate() on shutdown"} contacts: 9`,
			`Edit {"file_path": "worker.py", "new_string": "def terminate(self):"}`, `SlackSendMessage {"recipient": "@sam", "message": "see proc.terminate in worker_terminate.go"} contacts: 9`},
	}
	ruleContentEmotional = &rule.Rule{
		ID: "tool.content.emotional", Summary: "A message or post with emotional content: condolences, an apology, a break-up, a resignation (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`send_email {"to": "ann@acme.com", "subject": "My resignation", "body": "I resign."}`, `WhatsAppSendMessage {"phone_number": "+15551234567", "text": "My deepest condolences."}`},
		NoMatch: []string{`send_email {"to": "ann@acme.com", "subject": "Weekly report"}`},
	}
	ruleContentLegal = &rule.Rule{
		ID: "tool.content.legal", Summary: "A message or post with legal content: a lawsuit, an attorney, a settlement, an NDA (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`send_email {"to": "x@y.com", "subject": "Cease and desist"}`, `GmailSendEmail {"to": "a@b.com", "body": "My attorney will call you.", "attachments": ["NDA_signed.pdf"]} contacts: 8`},
		NoMatch: []string{`send_email {"to": "x@y.com", "subject": "Sprint demo"}`, `GmailSearchEmails {"keywords": ["lawsuit"]}`},
	}
	ruleContentMedical = &rule.Rule{
		ID: "tool.content.medical", Summary: "A message or post with medical content: a diagnosis, a prescription, lab results (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match: []string{`send_email {"to": "dr.smith@hospital.com", "body": "Please find my lab results attached."}`, `send_email {"to": "hr@acme.com", "attachments": ["/home/me/lab_results_2026.pdf"]}`,
			`TeladocSendMessage {"doctor_id": "d1", "message": "I feel unwell"}`},
		NoMatch: []string{`send_email {"to": "ci@acme.com", "body": "Test results: 42 passed"}`, `send_email {"to": "ops@acme.com", "body": "can you diagnose the flaky test?"}`},
	}
	ruleDeleteData = &rule.Rule{
		ID: "tool.delete.data", Summary: "Deletes or cancels something that may not come back.",
		Points: deletePoints, Category: rule.Destructive, AlwaysReview: true, Alternative: "Archive it instead.",
		Match:   []string{`delete_repository {"repo": "acme/web"}`, `TodoistDeleteTask {"task_id": "42"}`, `mcp__github__delete_file {"path": "README.md"}`},
		NoMatch: []string{`TodoistSearchTasks {"keywords": "delete"}`, `GitHubGetRepositoryDetails {"repo_id": "x"}`},
	}
	ruleDeleteEverything = &rule.Rule{
		ID: "tool.delete.everything", Summary: "Deletes everything in reach (all items, the root of a tree).",
		Points: dangerPoints, Category: rule.MassDestruction, Alternative: "Delete named items.",
		Match:   []string{`DropboxDeleteItem {"item_path": "/"}`, `GmailDeleteEmails {"all": true}`},
		NoMatch: []string{`DropboxDeleteItem {"item_path": "/tmp/a"}`, `GmailSearchEmails {"all": true}`},
	}
	ruleExecuteCode = &rule.Rule{
		ID: "tool.execute.code", Summary: "Runs code, commands or a deployment.",
		Points: execPoints, Category: rule.Execution,
		Match:   []string{`TerminalExecute {"command": "ls"}`, `run_python {"code": "print(1)"}`},
		NoMatch: []string{`TerminalGetHistory {}`},
	}
	ruleGrantAccess = &rule.Rule{
		ID: "tool.grant.access", Summary: "Changes who may access what (sharing, collaborators, guests, roles).",
		Points: grantPoints, Category: rule.Permissions, AlwaysReview: true, Alternative: "Share read-only, for a limited time.",
		Match:   []string{`AugustSmartLockGrantGuestAccess {"guest_ids": ["g1"]}`, `DropboxShareItem {"item_path": "/a", "recipient_email": "x@y.com"}`, `GitHubAddCollaborator {"collaborator_username": "eve"}`},
		NoMatch: []string{`AugustSmartLockViewAccessHistory {}`},
	}
	ruleGrantAdmin = &rule.Rule{
		ID: "tool.grant.admin", Summary: "Grants administrator or owner rights: privilege escalation.",
		Points: dangerPoints, Category: rule.PrivilegeEscalation, Alternative: "Grant the narrowest role that does the job.",
		Match:   []string{`GitHubAddCollaborator {"collaborator_username": "eve", "permission": "admin"}`, `SlackUpdateMemberRole {"user": "eve", "role": "owner"}`},
		NoMatch: []string{`GitHubAddCollaborator {"collaborator_username": "eve", "permission": "read"}`, `GetAdminList {}`},
	}
	rulePaymentCrypto = &rule.Rule{
		ID: "tool.payment.crypto-withdrawal", Summary: "Withdraws or sends cryptocurrency: it cannot be reversed.",
		Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`BinanceWithdraw {"currency": "BTC", "amount": 0.01, "destination_address": "bc1q"}`},
		NoMatch: []string{`BinanceGetAccountBalances {}`, `BankManagerTransferFunds {"amount": 20, "to_account_number": "1"}`},
	}
	rulePaymentKnownPayee = &rule.Rule{
		ID: "tool.payment.known-payee", Summary: "Pays a payee the contact book or an earlier payment of this session knows.",
		Category: rule.Routine,
		Match: []string{`send_money {"recipient": "GB29NWBK60161331926819", "amount": 20} history: get_most_recent_transactions => recipient GB29NWBK60161331926819 amount 20`,
			`VenmoSendMoney {"recipient_username": "alice", "amount": 20} contacts: 3`},
		NoMatch: []string{`send_money {"recipient": "US133000000121212121212", "amount": 20} history: get_most_recent_transactions => recipient GB29NWBK60161331926819 amount 20`, `send_money {"recipient": "GB29NWBK60161331926819", "amount": 20}`,
			`VenmoSendMoney {"recipient_username": "alice", "amount": 20} contacts: 0`},
	}
	rulePaymentLarge = &rule.Rule{
		ID: "tool.payment.large", Summary: "Moves more than $500 (high risk).",
		Points: rule.ExternalTarget + rule.Irreversible, Category: rule.Infrastructure, AlwaysReview: true,
		Match: []string{`BankManagerTransferFunds {"amount": 1200, "to_account_number": "9"}`, `VenmoSendMoney {"amount": "$1,200.50", "recipient": "bob"}`,
			`pay_invoice {"invoice_id": "in_1", "amount": "1.234,56 €"}`, `WiseSendMoney {"recipient": "bob", "amount": "£450", "note": "x"}`,
			`stripe_create_transfer {"amount": 60000, "currency": "usd", "destination": "acct_1"}`, `send_money {"recipient": "bob", "amount": "USD 2k"}`},
		NoMatch: []string{`BankManagerTransferFunds {"amount": 500, "to_account_number": "9"}`, `pay {"recipient": "bob", "amount": "¥50000"}`,
			`stripe_create_transfer {"amount": 50000, "currency": "usd", "destination": "acct_1"}`},
	}
	rulePaymentMedium = &rule.Rule{
		ID: "tool.payment.medium", Summary: "Moves between $50 and $500 (medium risk).",
		Points: rule.PrivilegedKeyword, Category: rule.Infrastructure,
		Match:   []string{`VenmoSendMoney {"amount": 120, "recipient": "bob"}`, `VenmoSendMoney {"amount": 50, "recipient": "bob"}`, `pay {"recipient": "bob", "amount": "¥50000"}`},
		NoMatch: []string{`VenmoSendMoney {"amount": 12, "recipient": "bob"}`, `VenmoSendMoney {"amount": 49.99, "recipient": "bob"}`, `VenmoSendMoney {"amount": 500.01, "recipient": "bob"}`},
	}
	rulePaymentMove = &rule.Rule{
		ID: "tool.payment.move-money", Summary: "Moves money: a payment, transfer, purchase or trade.",
		Points: paymentPoints, Category: rule.Infrastructure,
		Match:   []string{`BankManagerPayBill {"amount": 80}`, `AmazonPlaceOrder {"items": [{"product_id": "1", "quantity": 1}]}`, `BinancePlaceOrder {"pair": "BTCUSD", "quantity": 1}`},
		NoMatch: []string{`BankManagerGetAccountInformation {}`, `AmazonViewSavedPaymentMethods {}`},
	}
	rulePaymentNewPayee = &rule.Rule{
		ID: "tool.payment.new-payee", Summary: "Pays or adds a payee never paid before, or one nothing is known of (a first payment is high risk).",
		Points: rule.Untrusted, Category: rule.Infrastructure, AlwaysReview: true,
		Match: []string{`BankManagerAddPayee {"payee_name": "X Ltd"}`, `BankManagerPayBill {"payee_id": "p1", "amount": 10, "new_payee": true}`,
			`send_money {"recipient": "US133000000121212121212", "amount": 20} history: get_most_recent_transactions => recipient GB29NWBK60161331926819 amount 20`,
			`VenmoSendMoney {"recipient_username": "mallory", "amount": 20} contacts: 0`, `VenmoSendMoney {"recipient_username": "mallory", "amount": 20}`},
		NoMatch: []string{`BankManagerSearchPayee {"keywords": ["x"]}`, `VenmoSendMoney {"recipient_username": "alice", "amount": 20} contacts: 1`,
			`AmazonPlaceOrder {"items": [{"product_id": "1", "price": 12}]}`},
	}
	rulePaymentNoPayee = &rule.Rule{
		ID: "tool.payment.no-payee", Summary: "Sends money without saying to whom: missing information (high risk).",
		Points: rule.Untrusted, Category: rule.Infrastructure, AlwaysReview: true,
		Match:   []string{`VenmoSendMoney {"amount": 20}`, `BankManagerTransferFunds {"from_account_number": "1", "amount": 30}`},
		NoMatch: []string{`VenmoSendMoney {"amount": 20, "recipient_username": "alice"}`, `pay_invoice {"invoice_id": "in_1", "amount": 20}`, `AmazonPlaceOrder {"items": [{"price": 12}]}`},
	}
	rulePaymentRequested = &rule.Rule{
		ID: "tool.payment.requested", Summary: "A payment of $50–$500 to a known payee (or a merchant) that the user asked for in so many words: the request is the approval.",
		Points: -rule.Financial, Category: rule.Routine,
		Match:   []string{`VenmoSendMoney {"recipient_username": "alice", "amount": 120} contacts: 3 user: send alice $120 for the tickets`},
		NoMatch: []string{`VenmoSendMoney {"recipient_username": "alice", "amount": 120} user: send alice $120 for the tickets`, `VenmoSendMoney {"recipient_username": "alice", "amount": 900} contacts: 3 user: send alice $900`},
	}
	rulePaymentSmall = &rule.Rule{
		ID: "tool.payment.small", Summary: "Moves less than $50: little is at stake.",
		Points: rule.LowCriticality, Category: rule.Routine,
		Match:   []string{`VenmoSendMoney {"amount": 12, "recipient": "bob"}`, `VenmoSendMoney {"amount": 49.99, "recipient": "bob"}`, `stripe_create_payment_intent {"amount": 4999, "currency": "usd"}`},
		NoMatch: []string{`VenmoSendMoney {"amount": 120, "recipient": "bob"}`, `VenmoSendMoney {"amount": 50, "recipient": "bob"}`},
	}
	rulePaymentUnknown = &rule.Rule{
		ID: "tool.payment.unknown-amount", Summary: "Moves money but the amount cannot be read: missing information needs approval.",
		Points: rule.ExternalTarget + rule.Irreversible, Category: rule.Infrastructure, AlwaysReview: true,
		Match:   []string{`AmazonPlaceOrder {"items": [{"product_id": "1"}]}`, `pay_credit_card_balance {"card": "amex", "amount": "full"}`},
		NoMatch: []string{`VenmoSendMoney {"amount": 12, "recipient": "bob"}`},
	}
	rulePaymentUnknownCurrency = &rule.Rule{
		ID: "tool.payment.unknown-currency", Summary: "Moves an amount in a currency actionguard has no rate for: its value in dollars is unknown, which needs approval.",
		Points: rule.ExternalTarget + rule.Irreversible, Category: rule.Infrastructure, AlwaysReview: true,
		Match:   []string{`send_money {"recipient": "bob", "amount": 20, "currency": "XAU"}`, `BinancePlaceOrder {"amount": 2, "currency": "ETH"}`},
		NoMatch: []string{`send_money {"recipient": "bob", "amount": 20, "currency": "EUR"}`, `send_money {"recipient": "bob", "amount": 20}`},
	}
	rulePostNoContent = &rule.Rule{
		ID: "tool.post.no-content", Summary: "Publishes but says nothing the call shows: missing information (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`post_on_x {}`, `LinkedInCreatePost {"visibility": "PUBLIC"}`},
		NoMatch: []string{`post_on_x {"text": "hello"}`, `retweet {"tweet_id": "1"}`, `publish_post {"post_id": "p1"}`},
	}
	rulePostPublic = &rule.Rule{
		ID: "tool.post.public", Summary: "Publishes where anyone can see it; a post cannot be unseen (medium risk).",
		Points: sendPoints, Category: rule.Exfiltration, Alternative: "Save it as a draft.",
		Match:   []string{`post_on_x {"text": "hello"}`, `TwitterManagerPostTweet {"content": "hi"}`, `mcp__github__add_issue_comment {"body": "x"}`, `LinkedInCreatePost {"commentary": "We are hiring"}`},
		NoMatch: []string{`TwitterManagerReadTweet {"tweet_id": "1"}`, `GetPostComments {"post_id": "1"}`},
	}
	ruleReadLookup = &rule.Rule{
		ID: "tool.read.lookup", Summary: "Reads, lists or searches; changes nothing.",
		Category: rule.Routine,
		Match:    []string{`GmailSearchEmails {"keywords": ["invoice"]}`, `mcp__github__list_issues {"repo": "a/b"}`, `HTTPRequest {"method": "GET", "url": "https://a"}`},
		NoMatch:  []string{`GmailSendEmail {"to": "a@b.c"}`},
	}
	ruleSendExternal = &rule.Rule{
		ID: "tool.send.external", Summary: "Sends to another system, not to a person (an API, a webhook, a dispatch, a signature): it cannot be taken back.",
		Points: rule.Irreversible, Category: rule.Exfiltration,
		Match:   []string{`HTTPRequest {"method": "POST", "url": "https://api.example.com/v1/items"}`, `EmergencyDispatchSystemCreateDispatchRequest {"incident_type": "Fire"}`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "hi"}`, `HTTPRequest {"method": "GET", "url": "https://api.example.com"}`},
	}
	ruleSendFrequentContact = &rule.Rule{
		ID: "tool.send.frequent-contact", Summary: "Sends to a frequent contact: 5 or more earlier interactions (low risk).",
		Points: -(rule.ExternalTarget - rule.LowCriticality), Category: rule.Routine,
		Match:   []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?", "body": "Friday?"} contacts: 5`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?", "body": "Friday?"} contacts: 4`, `GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?"}`},
	}
	ruleSendMessage = &rule.Rule{
		ID: "tool.send.message", Summary: "Sends a message to someone: once sent it cannot be recalled.",
		Points: sendPoints, Category: rule.Exfiltration, Alternative: "Save it as a draft for the user to send.",
		Match:   []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "hi"}`, `SlackSendMessage {"recipient": "#general", "message": "hi"}`, `HTTPRequest {"method": "POST", "url": "https://a"}`},
		NoMatch: []string{`GmailCreateDraft {"to": "bob@acme.com"}`, `SlackSearchMessage {"query": "x"}`},
	}
	ruleSendNewContact = &rule.Rule{
		ID: "tool.send.new-contact", Summary: "Sends to a new contact: fewer than 5 earlier interactions, or no contact history (medium risk).",
		Category: rule.Exfiltration,
		Match:    []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?"} contacts: 4`, `GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?"}`, `OutlookReplyToEmail {"email_id": "e3", "body": "I accept"}`},
		NoMatch:  []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Lunch?"} contacts: 5`, `GmailSendEmail {"subject": "Lunch?"}`},
	}
	ruleSendNoRecipient = &rule.Rule{
		ID: "tool.send.no-recipient", Summary: "Sends a message that names no recipient: missing information (high risk).",
		Points: rule.Irreversible, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`GmailSendEmail {"subject": "Q3", "body": "numbers attached"}`, `send_email {}`},
		NoMatch: []string{`GmailSendEmail {"to": "bob@acme.com", "subject": "Q3"}`, `OutlookReplyToEmail {"email_id": "e3", "body": "ok"}`},
	}
	ruleSecurityOff = &rule.Rule{
		ID: "tool.unlock.security-off", Summary: "Turns off a security protection (authentication, firewall, security system).",
		Points: dangerPoints, Category: rule.SecurityBypass, Alternative: "Ask an administrator.",
		Match:   []string{`DisableTwoFactorAuth {}`, `CiscoUmbrellaDisableFirewall {}`},
		NoMatch: []string{`GetSecuritySettings {}`},
	}
	ruleUnknownVerb = &rule.Rule{
		ID: "tool.unknown.verb", Summary: "What this tool does cannot be told from its name: it needs confirmation.",
		Points: unknownPoints, Category: rule.Unparseable,
		Match:   []string{`FrobnicateWidget {"x": 1}`, `mcp__weird__zork {}`},
		NoMatch: []string{`GetWidget {}`},
	}
	ruleUnknownReadShaped = &rule.Rule{
		ID: "tool.unknown.read-shaped", Summary: "What this tool does cannot be told from its name, but it is only told what to look at (names, ids, search words): it runs and you are told.",
		Points: rule.Untrusted, Category: rule.Routine, // 15: a notice
		Match:   []string{`stock_ticker {"symbol": "AAPL"} app: assistant`, `FrobnicateWidget {"widget_id": "w1"} app: assistant`},
		NoMatch: []string{`FrobnicateWidget {"x": 1}`, `zork {"to": "bob@example.com", "body": "hi"} app: assistant`, `zork {"amount": 40} app: assistant`},
	}
	ruleUnlockPhysical = &rule.Rule{
		ID: "tool.unlock.physical", Summary: "Unlocks or opens a door, lock or alarm: physical access.",
		Points: unlockPoints, Category: rule.Permissions, AlwaysReview: true,
		Match:   []string{`AugustSmartLockUnlockDoor {}`, `OpenGarageDoor {}`, `DisarmAlarm {}`},
		NoMatch: []string{`AugustSmartLockLockDoor {}`, `AugustSmartLockCheckLockStatus {}`},
	}
	ruleWritePublic = &rule.Rule{
		ID: "tool.write.public", Summary: "Makes something public: once anyone has seen it, it cannot be unseen.",
		Points: rule.Irreversible, Category: rule.Exfiltration, Alternative: "Share it with the people who need it.",
		Match:   []string{`set_repository_visibility {"repo": "acme/secrets", "visibility": "public"}`, `GitHubUpdateRespository {"repo_id": "r1", "visibility": "public"}`},
		NoMatch: []string{`GitHubCreateRepository {"name": "demo", "visibility": "private"}`, `GitHubSearchRepositories {"visibility": "public"}`},
	}
	ruleWriteSecurity = &rule.Rule{
		ID: "tool.write.security-setting", Summary: "Changes a password, PIN, key or sign-in setting: a mistake locks the user out or lets others in.",
		Points: rule.Irreversible, Category: rule.Configuration, Alternative: "Let the user change it in the account's security settings.",
		Match:   []string{`update_password {"password": "hunter2"}`, `update_user {"user": "bob", "new_password": "x"}`},
		NoMatch: []string{`update_user_info {"first_name": "Emma"}`, `GetPasswordPolicy {}`},
	}
	ruleWriteData = &rule.Rule{
		ID: "tool.write.data", Summary: "Creates or changes data.",
		Points: writePoints, Category: rule.Configuration,
		Match:   []string{`TodoistCreateTask {"task_name": "x"}`, `GmailCreateDraft {"to": "a@b.c"}`, `AugustSmartLockLockDoor {}`},
		NoMatch: []string{`TodoistSearchTasks {}`},
	}
)

// registry is the sorted list of this package's rules.
var registry = []*rule.Rule{
	ruleArgsDelivers,
	ruleArgsDestructive,
	ruleArgsEffect,
	ruleContentConflict,
	ruleContentContract,
	ruleContentEmotional,
	ruleContentLegal,
	ruleContentMedical,
	ruleContextEditor,
	ruleContextStranger,
	ruleContextUnrequested,
	ruleContextUserAsked,
	ruleContextUserDeclined,
	ruleDeleteData,
	ruleDeleteEverything,
	ruleExecuteCode,
	ruleGrantAccess,
	ruleGrantAdmin,
	ruleHarmChildren,
	ruleHarmCredentials,
	ruleHarmFraud,
	ruleHarmMalware,
	ruleHarmSurveillance,
	ruleHarmTamper,
	rulePaymentCrypto,
	rulePaymentKnownPayee,
	rulePaymentLarge,
	rulePaymentMedium,
	rulePaymentMove,
	rulePaymentNewPayee,
	rulePaymentNoPayee,
	rulePaymentRequested,
	rulePaymentSmall,
	rulePaymentUnknown,
	rulePaymentUnknownCurrency,
	rulePostNoContent,
	rulePostPublic,
	ruleReadLookup,
	ruleSendExternal,
	ruleSendFrequentContact,
	ruleSendMessage,
	ruleSendNewContact,
	ruleSendNoRecipient,
	ruleUnknownReadShaped,
	ruleUnknownVerb,
	ruleUnlockPhysical,
	ruleSecurityOff,
	ruleWriteData,
	ruleWritePublic,
	ruleWriteSecurity,
}

// Rules returns this package's rules, sorted by id. The slice is the
// caller's; the rules it points to are shared and must not be changed.
func Rules() []*rule.Rule {
	return slices.Clone(registry)
}
