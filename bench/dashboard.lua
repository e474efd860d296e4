-- wrk script: every dashboard call in turn, as a polling staff member makes them.
-- TOKEN: bearer token; DELAY_MS: pause per request on each connection (sets the rate).
local token = os.getenv("TOKEN")
local delay_ms = tonumber(os.getenv("DELAY_MS") or "0")
local paths = {
  "/api/admin/users/total_registers",
  "/api/admin/users/total_registers?verified=1",
  "/api/admin/users/total_onlines",
  "/api/admin/wallets/customer_balance",
  "/api/admin/wallets/xapa_balance",
  "/api/admin/transactions/total/balances",
  "/api/admin/transactions/total/revenue/send",
  "/api/admin/transactions/total/revenue/exchange",
  "/api/admin/transactions/history?page=1&maxPerPage=10&network=main&minDate=0001-01-01%2000:00:00&maxDate=9999-12-29%2000:00:00",
  "/api/coins/markets/BTC",
  "/api/coins/markets/ETH",
  "/api/coins/markets/TRX",
  "/api/coins/markets/BNB",
}
local i = 0
function setup(thread) thread:set("offset", math.random(#paths)) end
function request()
  i = i + 1
  return wrk.format("GET", paths[(i + (offset or 0)) % #paths + 1], { ["Authorization"] = "Bearer " .. token })
end
function delay() return delay_ms end
function response(status)
  if status ~= 200 then errors_non200 = (errors_non200 or 0) + 1 end
end
