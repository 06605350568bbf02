-- resty.ratelimit: a fixed-window request limiter backed by a shared dict.
--
-- Usage (in access_by_lua_block):
--   local limiter = require("resty.ratelimit").new("limits", 100, 60)
--   limiter:enforce(ngx.var.binary_remote_addr)

local ngx = ngx
local shared = ngx.shared
local floor = math.floor

local _M = { _VERSION = "0.3.1" }
local mt = { __index = _M }

-- TODO: sliding windows

---@param dict_name string name of the lua_shared_dict
---@param limit integer requests allowed per window
---@param window integer window length in seconds
---@return table|nil limiter
---@return string|nil err
function _M.new(dict_name, limit, window)
  local dict = shared[dict_name]
  if not dict then
    return nil, "shared dict not found: " .. tostring(dict_name)
  end
  return setmetatable({ dict = dict, limit = limit, window = window or 60 }, mt)
end

local function window_key(key, window)
  return key .. ":" .. floor(ngx.now() / window)
end

--- Counts one request for key.
-- Returns the number of requests left in the current window, or nil and
-- an error when the dict is full.
function _M:incoming(key)
  local count, err = self.dict:incr(window_key(key, self.window), 1, 0, self.window)
  if not count then
    return nil, err
  end
  return self.limit - count
end

--- Rejects the request with 429 when key is over its limit.
function _M:enforce(key)
  local remaining, err = self:incoming(key)
  if not remaining then
    ngx.log(ngx.ERR, "ratelimit: ", err)
    return
  end
  ngx.header["X-RateLimit-Remaining"] = remaining < 0 and 0 or remaining
  if remaining < 0 then
    return ngx.exit(429)
  end
end

_M.log = function(level, ...)
  ngx.log(level, "ratelimit: ", ...)
end

--- Builds a key from several request variables, skipping empty ones.
function _M.key(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if v and v ~= "" then
      parts[#parts + 1] = v
    end
  end
  return table.concat(parts, "|")
end

return _M
