package corenats

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"xapa/backoffice/internal/commands"
)

// The names the contract pins for commands.
const (
	CommandStream   = "XAPA_BACKOFFICE"
	CommandSubjects = "xapa.backoffice.>"
	commandPrefix   = "xapa.backoffice."
	// publishTimeout bounds one publish and its acknowledgement by the stream.
	publishTimeout = 10 * time.Second
)

// Commands publishes the back office's commands to the core's JetStream: a
// commands.Sink.
type Commands struct {
	nc *nats.Conn
	js jetstream.JetStream
}

// ConnectCommands connects to NATS and makes the command stream when it is
// missing.
func ConnectCommands(ctx context.Context, url, creds string) (*Commands, error) {
	nc, err := dial(url, creds)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err == nil {
		err = ensureStream(ctx, js, CommandStream, CommandSubjects)
	}
	if err != nil {
		nc.Close()
		return nil, err
	}
	return &Commands{nc: nc, js: js}, nil
}

// Send publishes c on xapa.backoffice.<its type>, with Nats-Msg-Id its id:
// the stream drops a resend within its duplicate window.
func (c *Commands) Send(ctx context.Context, cmd commands.Outgoing) error {
	if !c.nc.IsConnected() { // fail at once: waiting out the timeout would hold back every entity's commands
		return fmt.Errorf("nats: not connected (%s)", c.nc.Status())
	}
	ctx, cancel := context.WithTimeout(ctx, publishTimeout)
	defer cancel()
	_, err := c.js.Publish(ctx, commandPrefix+cmd.Type, cmd.Body, jetstream.WithMsgID(cmd.ID))
	return err
}

// Close closes the connection.
func (c *Commands) Close() { c.nc.Close() }

func dial(url, creds string) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name("backoffice"), nats.MaxReconnects(-1)}
	if creds != "" {
		opts = append(opts, nats.UserCredentials(creds))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	return nc, nil
}

// ensureStream makes the stream name on subjects when it is missing.
func ensureStream(ctx context.Context, js jetstream.JetStream, name, subjects string) error {
	_, err := js.Stream(ctx, name)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		_, err = js.CreateStream(ctx, jetstream.StreamConfig{Name: name, Subjects: []string{subjects}, Storage: jetstream.FileStorage})
		if err != nil && !errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) { // another node made it first
			return fmt.Errorf("nats: making the stream %s: %w", name, err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("nats: the stream %s: %w", name, err)
	}
	return nil
}
