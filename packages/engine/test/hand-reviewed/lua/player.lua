-- Player entity for the platformer.

local anim8 = require("lib.anim8")
local Vector = require("lib.vector")

local GRAVITY = 900
local JUMP_SPEED = -420

---@class Player
---@field pos table
---@field vel table
local Player = {}
Player.__index = Player

--- Creates a player standing at the given position.
---@param x number
---@param y number
---@param sprites table the loaded sprite sheet
---@return Player
function Player.new(x, y, sprites)
  local self = setmetatable({}, Player)
  self.pos = Vector(x, y)
  self.vel = Vector(0, 0)
  self.on_ground = false
  self.sprites = sprites
  local grid = anim8.newGrid(16, 16, sprites:getWidth(), sprites:getHeight())
  self.animations = {
    idle = anim8.newAnimation(grid("1-2", 1), 0.4),
    run = anim8.newAnimation(grid("1-4", 2), 0.1),
  }
  self.current = self.animations.idle
  return self
end

--- Advances the player by one frame.
---@param dt number seconds since the last frame
function Player:update(dt)
  self.vel.y = self.vel.y + GRAVITY * dt
  self.pos = self.pos + self.vel * dt
  if self.pos.y > 300 then
    -- landed: snap to the floor
    self.pos.y = 300
    self.vel.y = 0
    self.on_ground = true
  end
  self.current = math.abs(self.vel.x) > 1 and self.animations.run or self.animations.idle
  self.current:update(dt)
end

function Player:jump()
  if not self.on_ground then
    return false
  end
  self.vel.y = JUMP_SPEED
  self.on_ground = false
  return true
end

function Player:draw()
  self.current:draw(self.sprites, self.pos.x, self.pos.y)
end

-- Emits an event to every listener registered under its name; extra
-- arguments are passed through unchanged.
function Player:emit(name, ...)
  local listeners = self.listeners and self.listeners[name]
  if not listeners then
    return
  end
  for _, fn in ipairs(listeners) do
    fn(self, ...)
  end
end

---------------------------------------------------------------------------
-- LÖVE callbacks
---------------------------------------------------------------------------

local player

function love.load()
  love.graphics.setDefaultFilter("nearest", "nearest")
  player = Player.new(100, 100, love.graphics.newImage("assets/player.png"))
end

function love.update(dt)
  player:update(dt)
end

--- Jumps on space, quits on escape.
function love.keypressed(key)
  if key == "space" then
    player:jump()
  elseif key == "escape" then
    love.event.quit()
  end
end

--- Logs a formatted debug message when DEBUG is set.
---@param fmt string a string.format pattern
---@param ... any values for the pattern
function debug_log(fmt, ...)
  if os.getenv("DEBUG") then
    print(string.format("[%.2f] " .. fmt, love.timer.getTime(), ...))
  end
end

return Player
