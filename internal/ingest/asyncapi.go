package ingest

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"

	"xapa/backoffice/internal/commands"
)

// The contract of the events in, as AsyncAPI 3.0 (docs/asyncapi.yaml): each
// event type's schema is the one the apply path checks, from the same Go
// types, so the document cannot say other than what the code does.

// typeDocs say what each event type carries.
var typeDocs = map[string]string{
	"xapa.chain.v1": "A chain and its own coin (BTC). A fresh database has no coins until the core sends them; " +
		"staff then add tokens on those chains. Its core id is its symbol.",
	"xapa.customer.v1": "A customer: a user who is not staff. backoffice_id, on the core's first event for a customer " +
		"registered in the back office, links the two.",
	"xapa.wallet.v1": "A customer's wallet of one coin, with its balance and addresses. Waits (held) for its customer.",
	"xapa.exchange.v1": "A customer's exchange between two of their wallets. It never changes: a second event for it " +
		"changes nothing. Waits (held) for its customer and wallets.",
	"xapa.bonus.v1": "A referral bonus paid into a customer's wallet. It never changes. Waits (held) for both customers " +
		"and the wallet.",
	"xapa.company_wallet.v1": "The company's own wallet of a coin: its address, balance and network fee. The newest at wins.",
	"xapa.rate.v1":           "A coin's price in USD (fiat_rate) and its conversion rate. The newest at wins.",
	"xapa.candle.v1":         "A coin's market candle of one day (UTC). The newest at wins, per coin and day.",
	"xapa.blacklist.v1": "A market put on the black list (listed) or taken off it. The event with the newest time " +
		"wins.",
	"xapa.command_result.v1": "What the core did with a command of the back office's: applied, or rejected with " +
		"the reason staff see beside the change. A second answer to one command changes nothing; an unknown command id " +
		"is rejected.",
	"xapa.transaction.v1": "A deposit (received) or a send (sent). Confirmations never go down; failed is final; " +
		"confirmed can only become failed. Its type and amount never change. Waits (held) for its customer and wallet.",
}

// AsyncAPI is the contract of the events in, as YAML.
func AsyncAPI() ([]byte, error) {
	schemas, messages, err := eventMessages()
	if err != nil {
		return nil, err
	}
	refs := map[string]any{}
	for id := range messages {
		refs[id] = map[string]any{"$ref": "#/components/messages/" + id}
	}
	commandRefs, err := commandMessages(schemas, messages)
	if err != nil {
		return nil, err
	}
	doc := map[string]any{
		"asyncapi": "3.0.0",
		"info": map[string]any{
			"title":   "Xapa Back Office: events from the exchange core, and commands to it",
			"version": "1",
			"description": "The core sends what it owns (chains, customers, wallets, transactions) as CloudEvents 1.0 in " +
				"JSON structured mode. id is unique per source: an event seen again is a duplicate. data.version grows " +
				"with every change of an entity: an older one is stale. Amounts are decimal strings, times RFC 3339. " +
				"An event that refers to something not yet known is held until it arrives; one that breaks its schema " +
				"is rejected with the reason and kept as a dead letter. Each event's status: applied, duplicate, stale, " +
				"held or rejected.",
		},
		"channels": map[string]any{
			"ingestEvents": map[string]any{
				"address": "/api/ingest/events",
				"description": "HTTP: POST a JSON array of 1 to 1,000 events (application/cloudevents-batch+json, " +
					"at most 4 MiB), signed with an ingest key: X-Ingest-Key, X-Ingest-Timestamp (unix seconds, within " +
					"300 s of now) and X-Ingest-Signature (sha256= and the hex HMAC-SHA256 of \"<timestamp>.<body>\" " +
					"keyed with the key's secret). The reply, once the changes commit, lists each event's status in order " +
					"(docs/openapi.json, POST /api/ingest/events). An event whose source is not the key's is rejected.",
				"messages": refs,
			},
			"coreCommands": map[string]any{
				"address": "xapa.backoffice.{type}",
				"description": "NATS JetStream, stream XAPA_BACKOFFICE (subjects xapa.backoffice.>, made when missing): " +
					"each command on the subject xapa.backoffice.<its type>, with the header Nats-Msg-Id = its id, so " +
					"the stream drops a resend. With --core-webhook-url the same event is also POSTed there " +
					"(application/cloudevents+json) with X-Signature: sha256= and the hex HMAC-SHA256 of the body keyed " +
					"with --core-webhook-secret; a 2xx takes it. Delivery is at least once, in the order made for each " +
					"subject (the entity); a command another entity's failure never holds back. The core answers each " +
					"with xapa.command_result.v1.",
				"parameters": map[string]any{"type": map[string]any{"description": "The command's type."}},
				"messages":   commandRefs,
			},
		},
		"operations": map[string]any{
			"sendCommands": map[string]any{
				"action":  "send",
				"channel": map[string]any{"$ref": "#/channels/coreCommands"},
				"summary": "The back office sends what staff decide about what the core owns.",
			},
			"receiveEvents": map[string]any{
				"action":  "receive",
				"channel": map[string]any{"$ref": "#/channels/ingestEvents"},
				"summary": "The back office applies the core's events.",
			},
		},
		"components": map[string]any{"schemas": schemas, "messages": messages},
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return out.Bytes(), enc.Close()
}

// eventMessages are the schemas and messages of the events in, the
// CloudEvents envelope included.
func eventMessages() (schemas, messages map[string]any, err error) {
	schemas, messages = map[string]any{}, map[string]any{}
	envelope, err := Schema(Event{})
	if err != nil {
		return nil, nil, err
	}
	schemas["CloudEvent"] = envelope
	for _, name := range Types() {
		data, err := Schema(types[name].data)
		if err != nil {
			return nil, nil, err
		}
		id := messageID(name)
		schemas[id] = data
		messages[id] = map[string]any{
			"name":        name,
			"title":       name,
			"summary":     typeDocs[name],
			"contentType": "application/cloudevents+json",
			"payload": map[string]any{"allOf": []any{
				map[string]any{"$ref": "#/components/schemas/CloudEvent"},
				map[string]any{"type": "object", "properties": map[string]any{
					"type": map[string]any{"const": name},
					"data": map[string]any{"$ref": "#/components/schemas/" + id},
				}},
			}},
		}
	}
	return schemas, messages, nil
}

// messageID is an event type's name in the document: xapa.chain.v1 is chainV1.
func messageID(name string) string {
	parts := strings.Split(strings.TrimPrefix(name, "xapa."), ".")
	id := parts[0]
	for _, p := range parts[1:] {
		id += strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.ReplaceAll(id, "_", "")
}

// commandMessages adds the commands the back office sends (internal/commands)
// to schemas and messages, and returns their references.
func commandMessages(schemas, messages map[string]any) (map[string]any, error) {
	envelope, err := Schema(commands.Event{})
	if err != nil {
		return nil, err
	}
	schemas["Command"] = envelope
	refs := map[string]any{}
	for _, c := range commands.Types() {
		data, err := Schema(c)
		if err != nil {
			return nil, err
		}
		name := c.CommandType()
		id := messageID(name)
		schemas[id] = data
		messages[id] = map[string]any{
			"name": name, "title": name, "summary": commandDocs[name], "contentType": "application/cloudevents+json",
			"payload": map[string]any{"allOf": []any{
				map[string]any{"$ref": "#/components/schemas/Command"},
				map[string]any{"type": "object", "properties": map[string]any{
					"type": map[string]any{"const": name},
					"data": map[string]any{"$ref": "#/components/schemas/" + id},
				}},
			}},
		}
		refs[id] = map[string]any{"$ref": "#/components/messages/" + id}
	}
	return refs, nil
}

// commandDocs say what each command asks of the core.
var commandDocs = map[string]string{
	"xapa.cmd.customer.v1": "Staff changed a customer: only the fields changed are present (enabled false: stop " +
		"serving them; ga_enabled or sms_2fa_enabled false: a second factor switched off). created: a customer " +
		"registered in the back office, for the core to create; its next xapa.customer.v1 carries backoffice_id.",
	"xapa.cmd.coin.v1": "Staff added or changed a token on one of the core's chains: the token as the catalogue " +
		"now holds it. backoffice_id stays when its symbol or chain change.",
	"xapa.cmd.promotion.v1": "Staff saved the referral promotion: the settings the core pays bonuses by.",
	"xapa.cmd.app_version.v1": "Staff published a release of the customers' app (force_update_required: older " +
		"apps must update), or deleted one (deleted: true).",
}
