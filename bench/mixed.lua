-- wrk script: the mixed staff workload. Each request is drawn from the categories in MIX
-- (comma-separated; default all of them, by the weights below):
--   history  History pages with random filters, pages and page sizes over the last month
--   hash     hash searches for real hashes (HASHES: a file of hashes, one per line)
--   users    user searches by a fragment of a name or email, random pages
--   profile  one tab of a random user's profile (user, brief, report, wallets, invites, sessions)
--   reports  bonus and exchange report pages, user and transaction accounting, over random ranges
-- TOKEN: bearer token; DELAY_MS: pause per request on each connection (sets the rate);
-- MIN_DATE / MAX_DATE: "YYYY-MM-DD%20HH:MM:SS", the History range; USERS: the highest user id.
local token = os.getenv("TOKEN")
local delay_ms = tonumber(os.getenv("DELAY_MS") or "0")
local min_date = os.getenv("MIN_DATE")
local max_date = os.getenv("MAX_DATE")
local max_user = tonumber(os.getenv("USERS") or "100000")
local weights = { history = 40, hash = 10, users = 15, profile = 15, reports = 20 }

local hashes = {}
local f = io.open(os.getenv("HASHES") or "", "r")
if f then
  for line in f:lines() do hashes[#hashes + 1] = line end
  f:close()
end

-- Names as the demo generator makes them: emails first.last<n>@example.com.
local firsts = { "olivia", "liam", "emma", "noah", "ava", "sophia", "lucas", "mia", "aria", "kenji", "omar", "lars", "zoe" }
local lasts = { "smith", "garcia", "rossi", "kowalski", "nguyen", "tanaka", "silva", "novak", "jensen", "kim", "schmidt" }
local tabs = { "/api/admin/users/%d", "/api/admin/users/brief/%d", "/api/admin/users/report/%d?page=1&maxPerPage=25",
  "/api/admin/users/wallets/%d", "/api/admin/users/invites/%d", "/api/admin/users/sessions/%d?page=1&maxPerPage=25" }
local reports = { "/api/admin/wallets/report", "/api/admin/exchange/history" }

local function pick(list) return list[math.random(#list)] end

-- A random whole-day range within the last 30 days, as the report screens send it.
local function day_range()
  local now = os.time()
  local a, b = math.random(0, 30), math.random(0, 30)
  if a < b then a, b = b, a end
  return os.date("!%Y-%m-%d", now - a * 86400) .. "%2000:00:00", os.date("!%Y-%m-%d", now - b * 86400) .. "%2023:59:59"
end

local make = {}
function make.history()
  local q = "page=" .. math.random(1, 20) .. "&maxPerPage=" .. pick({ 25, 50, 100 })
  q = q .. "&network=" .. (math.random(7) == 1 and "test" or "main")
  if math.random(3) == 1 then q = q .. "&coinType=" .. math.random(1, 11) end
  if math.random(3) == 1 then q = q .. "&type=" .. pick({ "sent", "received" }) end
  return "/api/admin/transactions/history?" .. q .. "&minDate=" .. min_date .. "&maxDate=" .. max_date
end
function make.hash()
  if #hashes == 0 then return make.history() end
  return "/api/admin/transactions/history/search?q=" .. pick(hashes)
end
-- What staff type to find a customer: most often part of one email, else a name; now and then a bare
-- surname, which matches about 5,000 users.
function make.users()
  local r, q = math.random(10)
  if r <= 4 then q = pick(lasts) .. math.random(1, max_user)               -- one customer's email
  elseif r <= 7 then q = pick(firsts) .. "." .. pick(lasts)                -- an email prefix (~170 users)
  elseif r <= 9 then q = pick(firsts) .. "%20" .. pick(lasts)              -- a display name (~170 users)
  else q = pick(lasts) end                                                 -- a surname (~5,000 users)
  return "/api/admin/users?q=" .. q .. "&page=" .. math.random(1, 3) .. "&maxPerPage=" .. pick({ 25, 50, 100 })
end
function make.profile()
  return string.format(pick(tabs), math.random(6, max_user))
end
function make.reports()
  local from, to = day_range()
  local r = math.random(4)
  if r == 3 then return "/api/admin/users/accounting?minDate=" .. from .. "&maxDate=" .. to end
  if r == 4 then return "/api/admin/transactions/accounting?minDate=" .. from .. "&maxDate=" .. to end
  return pick(reports) .. "?page=" .. math.random(1, 10) .. "&maxPerPage=" .. pick({ 25, 50, 100 }) ..
    "&minDate=" .. from .. "&maxDate=" .. to
end

local bag = {}
for name in string.gmatch(os.getenv("MIX") or "history,hash,users,profile,reports", "[^,]+") do
  for _ = 1, weights[name] do bag[#bag + 1] = make[name] end
end

function setup(thread) thread:set("seed", math.random(1e9)) end
function init() math.randomseed(seed or os.time()) end

function request()
  return wrk.format("GET", pick(bag)(), { ["Authorization"] = "Bearer " .. token })
end

function delay() return delay_ms end
