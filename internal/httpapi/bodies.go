package httpapi

// The request bodies of the sign-in routes, named so that the OpenAPI
// document (openapi.go) describes the very types the handlers decode.

import "encoding/json"

type loginInput struct {
	Username     string `json:"username"`
	Password     string `json:"password"`
	CaptchaToken string `json:"captcha_token"`
}

type codeInput struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

type gaStatusInput struct {
	Password string `json:"password"`
	Code     string `json:"code"`
	Status   *bool  `json:"status"`
}

type registerInput struct {
	Email         string `json:"email"`
	Username      string `json:"username"`
	FullName      string `json:"full_name"`
	InvitedBy     string `json:"invited_by"`
	DeviceType    string `json:"device_type"`
	PlainPassword struct {
		First  string `json:"first"`
		Second string `json:"second"`
	} `json:"plainPassword"`
}

type resetInput struct {
	Email string `json:"email"`
}

type resetConfirmInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

type passwordChangeInput struct {
	Old string `json:"old"`
	New string `json:"new"`
}

type stepUpInput struct {
	Code string `json:"code"`
}

// passkeyInput answers a passkey ceremony: credential is what the browser's
// WebAuthn call gave (a RegistrationResponseJSON or AuthenticationResponseJSON);
// name names a passkey being registered.
type passkeyInput struct {
	Name       string          `json:"name,omitempty"`
	Credential json.RawMessage `json:"credential" required:"true"`
}

// decisionInput approves or rejects a request of the four-eyes approval.
type decisionInput struct {
	Reason string `json:"reason" required:"true" maxLength:"500"`
}

// policyInput sets actions of the approval policy (others keep theirs).
type policyInput struct {
	Actions map[string]bool `json:"actions" required:"true"`
}
