-- wrk script: History pages with random filters and pages (default range: the last month).
local token = os.getenv("TOKEN")
local delay_ms = tonumber(os.getenv("DELAY_MS") or "0")
local month_ago = os.getenv("MIN_DATE") -- "YYYY-MM-DD%20HH:MM:SS"
local today_end = os.getenv("MAX_DATE")
math.randomseed(os.time())
function request()
  local q = "page=" .. math.random(1, 20) .. "&maxPerPage=" .. ({25, 50, 100})[math.random(3)]
  q = q .. "&network=" .. (math.random(7) == 1 and "test" or "main")
  if math.random(3) == 1 then q = q .. "&coinType=" .. math.random(1, 11) end
  if math.random(3) == 1 then q = q .. "&type=" .. (math.random(2) == 1 and "sent" or "received") end
  q = q .. "&minDate=" .. month_ago .. "&maxDate=" .. today_end
  return wrk.format("GET", "/api/admin/transactions/history?" .. q, { ["Authorization"] = "Bearer " .. token })
end
function delay() return delay_ms end
