-- wrk script: the anonymous flood of the sign-in hardening (attack 1 of decision 0003). Each request comes from a
-- new address (X-Forwarded-For; the server trusts the loopback proxy), so no per-address limit spares the server
-- the work. TARGET: "confirm" (default) posts a made-up reset token and a new password to
-- /api/password/reset/confirm; "captcha" asks for a captcha challenge (the latency measured beside the flood).
local target = os.getenv("TARGET") or "confirm"
local n = 0

function setup(thread)
  thread:set("id", math.random(0, 250))
end

function request()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", id, math.floor(n / 250) % 250, n % 250 + 1)
  if target == "captcha" then
    return wrk.format("GET", "/api/captcha", { ["X-Forwarded-For"] = ip })
  end
  local body = string.format('{"token":"%032x%08x","password":"A-new-long-password-%d"}', math.random(0, 2 ^ 31), n, n)
  return wrk.format("POST", "/api/password/reset/confirm",
    { ["X-Forwarded-For"] = ip, ["Content-Type"] = "application/json" }, body)
end

function done(summary, latency, requests)
  io.write(string.format("FLOOD %s: %d requests (%.0f/s), p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d not 2xx, %d failed\n",
    target, summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
