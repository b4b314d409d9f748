package tools

import (
	"strconv"
	"strings"
	"sync"
)

// payeeAccountLabels name the details of a bank account, a card on file
// or a wallet that say where a payment's money goes, with the words a
// person reads them by. They are shown to the person who approves a
// payment, unmasked: whoever approves must see the destination.
var payeeAccountLabels = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for label, keys := range map[string][]string{
		"IBAN":           {"iban", "toiban", "recipientiban", "beneficiaryiban", "creditoriban", "ibannumber"},
		"account number": {"accountnumber", "accountno", "acctnumber", "bankaccountnumber", "toaccountnumber", "recipientaccountnumber", "beneficiaryaccountnumber", "creditoraccount", "creditoraccountnumber", "destinationaccountnumber", "targetaccountnumber"},
		"account":        {"toaccount", "targetaccount", "targetaccountid", "recipientaccount", "recipientaccountid", "destinationaccount", "destinationaccountid", "beneficiaryaccount", "payeeaccount", "bankaccountid", "externalaccount", "externalaccountid", "counterpartyaccount"},
		"routing number": {"routingnumber", "aba", "abanumber", "abaroutingnumber", "routingcode", "transitnumber"},
		"sort code":      {"sortcode"},
		"BIC":            {"bic", "swift", "swiftcode", "swiftbic", "biccode"},
		"bank code":      {"bankcode", "branchcode", "bsb", "bsbnumber", "ifsc", "ifsccode", "institutionnumber", "clabe", "blz"},
		"card on file":   {"cardid", "paymentmethod", "paymentmethodid", "payoutmethod", "payoutmethodid", "instrumentid", "fundinginstrument"},
		"wallet":         {"walletaddress", "toaddress", "destinationaddress", "cryptoaddress", "depositaddress", "withdrawaddress", "withdrawaladdress"},
		"address":        {"address"},
		"destination":    {"destination", "payoutdestination", "transferdestination"},
	} {
		for _, k := range keys {
			m[k] = label
		}
	}
	return m
})

// payerKeys hold the payer's own account: {"from": {"iban": …}} is
// where the money comes from, not where it goes.
var payerKeys = sync.OnceValue(func() map[string]bool {
	return set("from", "source", "sender", "payer", "debtor", "debit", "funding", "origin", "fromaccount",
		"sourceaccount", "debtoraccount", "payeraccount", "originator", "remitter")
})

// maxPayeeAccounts bounds the account details kept of one call.
const maxPayeeAccounts = 8

// payeeAccount keeps v when key names where a payment's money goes.
func (a *args) payeeAccount(key, parent, v string) {
	label, ok := payeeAccountLabels()[key]
	if !ok || v == "" || payerKeys()[parent] || len(a.payeeAccounts) >= maxPayeeAccounts {
		return
	}
	for _, p := range []string{"from", "source", "sender", "payer", "debtor", "origin"} {
		if strings.HasPrefix(key, p) {
			return
		}
	}
	if key == "address" && parent != "" && !payeeParent(parent) {
		return // a postal address of a nested record, not a wallet
	}
	shown := label + " " + v
	if parent != "" && payeeParent(parent) {
		shown += " (" + parent + ")"
	}
	a.payeeAccounts = append(a.payeeAccounts, shown)
}

// payeeParent reports an object key that holds the payee's details.
func payeeParent(k string) bool {
	return recipientKeys[k] || payeeKeys[k] || strings.Contains(k, "beneficiar") || strings.Contains(k, "creditor") ||
		strings.Contains(k, "recipient") || strings.Contains(k, "payee") || strings.Contains(k, "counterpart") ||
		strings.Contains(k, "destination") || strings.Contains(k, "target")
}

// payeeAccountNumber is payeeAccount for a number argument.
func (a *args) payeeAccountNumber(key, parent string, f float64) {
	if _, ok := payeeAccountLabels()[key]; ok {
		a.payeeAccount(key, parent, strconv.FormatFloat(f, 'f', -1, 64))
	}
}
