package tools

import "sync"

// The word tables are built on first use, not when the process starts:
// every hook call runs the init of every linked package, and most calls
// never need them.
var tablesOnce sync.Once

// tables builds the word tables once.
func tables() { tablesOnce.Do(buildTables) }

func buildTables() {
	recipientKeys = set("to", "cc", "bcc", "recipient", "recipients", "email", "emails", "emailaddress", "phone",
		"phonenumber", "phonenumbers", "channel", "channelid", "channelname", "receiver", "payee", "payeeid", "payeename",
		"toaccount", "toaccountnumber", "recipientaccount", "recipientaccountnumber", "username", "user", "userid", "handle",
		"contact", "contacts", "attendees", "attendee", "guest", "guests", "guestemail", "guestname", "invitee", "invitees",
		"collaborator", "collaboratorusername", "destination", "destinationaddress", "toaddress", "walletaddress",
		"recipientemail", "recipientname", "recipientid", "member", "members", "assignee", "number", "tonumber", "chatid",
		"conversationid", "to_", "address", "recipientusername", "recipienthandle", "touser", "tousername", "iban", "toiban",
		"recipientiban", "beneficiary", "beneficiaryname", "beneficiaryiban", "beneficiaryaccount", "destinationaccount",
		"payeeaccount", "friend", "friendusername", "participants", "participant", "emailaddresses",
		"toemail", "toemails", "recipientemails", "tophone", "tophonenumber", "tophonenumbers", "recipientphone",
		"recipientphonenumber", "phonenumberto", "doctorid", "patientid", "contactid", "charity", "merchant", "biller",
		"payeeemail", "receiveremail", "receiverid", "toid", "torecipients", "torecipient", "ccrecipients", "bccrecipients",
		"toaddresses", "ccaddresses", "bccaddresses", "ccaddress", "bccaddress", "forwardto", "sendto", "mailto",
		"targetaccount", "targetaccountid", "recipientaccountid", "destinationaccountid", "beneficiaryaccountnumber",
		"creditoraccount", "creditoriban", "creditorname", "counterparty", "counterpartyid")
	payeeKeys = set("payee", "payeeid", "payeename", "payeeaccount", "payeeemail", "toaccount", "toaccountnumber",
		"recipientaccount", "recipientaccountnumber", "iban", "toiban", "recipientiban", "beneficiary", "beneficiaryname",
		"beneficiaryiban", "beneficiaryaccount", "destinationaccount", "walletaddress", "destinationaddress", "charity",
		"merchant", "biller", "targetaccount", "targetaccountid", "recipientaccountid", "destinationaccountid",
		"beneficiaryaccountnumber", "creditoraccount", "creditoriban", "creditorname", "counterparty", "counterpartyid")
	amountKeys = set("amount", "value", "total", "sum", "cost", "amountusd", "paymentamount", "transferamount", "totalamount",
		"fee", "tip", "sourceamount", "targetamount", "amountvalue", "grossamount", "netamount", "amountdue", "amounttopay",
		"sendamount", "amounttosend", "payoutamount", "chargeamount", "refundamount", "withdrawamount", "depositamount")
	minorKeys = set("amountcents", "amountincents", "cents", "amountminor", "amountminorunits", "minorunits",
		"amountinminorunits", "amountsubunits", "pence", "paise", "unitamount", "amountinpence", "totalcents", "pricecents", "priceincents")
	priceKeys = set("price", "unitprice", "limitprice", "priceperunit", "itemprice")
	qtyKeys = set("quantity", "qty", "shares", "units")
	currencyKeys = set("currency", "currencycode", "coin", "asset", "symbol", "pair", "ticker", "token", "sourcecurrency",
		"targetcurrency", "currencyiso", "isocurrencycode")
	urlKeys = set("url", "uri", "link", "endpoint", "webhook", "webhookurl", "href", "website")
	pathKeys = set("path", "file", "filepath", "filename", "directory", "dir", "folder", "itempath", "src", "source",
		"localfilepath", "cloudfilepath", "dest", "target", "targetpath", "folderpath")
	nameKeys = set("name", "title", "repo", "repository", "reponame", "repoid", "project", "projectname", "taskname",
		"subject", "productname", "item", "itemname", "device", "devicename", "door", "lockname", "event", "eventname",
		"bucket", "bucketname", "database", "db", "dbname", "table", "tablename", "cluster", "namespace", "volume", "environment", "env")
	queryKeys = set("query", "q", "search", "keyword", "keywords", "searchterm", "filter", "sql")
	codeKeys = set("code", "script", "command", "cmd", "program", "commands", "expression", "snippet")
	roleKeys = set("role", "roles", "permission", "permissions", "accesslevel", "access", "level", "privilege", "privileges",
		"policy", "policyarn", "policyname", "rolename", "group", "groupname", "scope", "scopes", "clusterrole")
	destructiveKeys = set("force", "recursive", "all", "permanent", "permanently", "hard", "purge", "cascade",
		"deleteall", "removeall", "noconfirm", "skipconfirmation", "noverify", "overwrite", "harddelete", "wipe",
		"forcedelete", "deletepermanently", "includesubfolders", "bypass")
	newPayeeKeys = set("newpayee", "isnewpayee", "firsttime", "firstpayment", "addpayee")
	exposureKeys = set("visibility", "privacy", "privacysetting", "privacylevel", "audience", "sharing", "access", "accesslevel", "public", "ispublic", "shareable")
	secretKeys = set("password", "newpassword", "passcode", "pin", "newpin", "passphrase", "secret", "privatekey", "sshkey", "mfa", "twofactor", "2fa")
	senderKeys = set("from", "sender", "author", "organizer", "owner", "fromaddress", "fromemail")
	contentKeys = set("subject", "body", "message", "text", "content", "caption", "comment", "description", "status",
		"title", "html", "textbody", "htmlbody", "plaintext", "markdown", "post", "tweet", "bodytext", "messagetext",
		"msg", "note", "memo", "summary", "headline", "commentary", "reason", "question", "answer", "reply", "selftext",
		"contentmarkdown", "contenthtml", "bodyhtml", "bodymarkdown", "richtext", "blocks", "value")
	attachmentKeys = set("attachment", "attachments", "file", "files", "filename", "filenames", "filepath", "media",
		"mediapath", "mediaurl", "image", "images", "photo", "photos", "document", "documents", "video", "attachmentpath")
	refKeys = set("emailid", "messageid", "threadid", "thread", "threadts", "inreplyto", "replyto", "parentid",
		"eventid", "invoiceid", "invoice", "billid", "bill", "charge", "billerid", "orderid", "ticketid", "issueid",
		"issuenumber", "prnumber", "pullnumber", "postid", "tweetid", "commentid", "draftid", "caseid", "chargeid",
		"paymentintent", "paymentid", "subscriptionid", "subscription", "card", "cardid", "loan", "loanid",
		"bookingid", "reservationid", "serviceaccountnumber", "articleid", "mediaid", "quoteid", "transferid", "conversation", "discussionid")
}
