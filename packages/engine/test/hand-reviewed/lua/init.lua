-- quickrun.nvim: run the current buffer and show its output in a split.
-- Licensed under the MIT license; see LICENSE for details.

local M = {}

M.handlers = {}

local defaults = {
  split = "below",
  height = 12,
  runners = {
    lua = { "nvim", "-l" },
    python = { "python3" },
    sh = { "bash" },
  },
}

local config = vim.deepcopy(defaults)
local state = { buf = nil, win = nil, job = nil }

local function notify(msg, level)
  vim.notify("[quickrun] " .. msg, level or vim.log.levels.INFO)
end

--- Returns the command that runs a file of the given filetype.
---@param ft string the buffer's filetype
---@return string[]|nil
local function runner_for(ft)
  local cmd = config.runners[ft]
  if not cmd then
    return nil
  end
  return vim.list_extend({}, cmd)
end

--- Merges the user's options into the defaults and creates the commands.
---@param opts table|nil user configuration
function M.setup(opts)
  config = vim.tbl_deep_extend("force", defaults, opts or {})

  vim.api.nvim_create_user_command("QuickRun", function()
    M.run()
  end, { desc = "Run the current buffer" })

  -- close the output window when its buffer goes away
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = vim.api.nvim_create_augroup("QuickRun", { clear = true }),
    callback = function(args)
      if args.buf == state.buf then
        state.win = nil
      end
    end,
  })
end

-- Opens the output split, reusing the previous one if it is still visible.
local function open_output()
  if state.win and vim.api.nvim_win_is_valid(state.win) then
    return state.buf
  end
  state.buf = vim.api.nvim_create_buf(false, true)
  vim.cmd((config.split == "below" and "botright " or "topleft ") .. config.height .. "split")
  state.win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(state.win, state.buf)
  return state.buf
end

--- Runs the current buffer with its filetype's runner.
function M.run()
  local file = vim.api.nvim_buf_get_name(0)
  local cmd = runner_for(vim.bo.filetype)
  if not cmd then
    notify("no runner for " .. vim.bo.filetype, vim.log.levels.WARN)
    return
  end
  table.insert(cmd, file)
  local buf = open_output()

  local function append(_, data)
    if data then
      vim.api.nvim_buf_set_lines(buf, -1, -1, false, data)
    end
  end

  state.job = vim.fn.jobstart(cmd, {
    stdout_buffered = false,
    on_stdout = append,
    on_stderr = append,
    on_exit = function(_, code)
      M.handlers.on_exit(code, file)
    end,
  })
end

--- Called when a run finishes.
---@param code integer the exit status
---@param file string the file that ran
M.handlers.on_exit = function(code, file)
  if code ~= 0 then
    notify(("%s exited with %d"):format(vim.fn.fnamemodify(file, ":t"), code), vim.log.levels.ERROR)
  end
end

M.handlers.on_attach = function(client, bufnr)
  vim.keymap.set("n", "<leader>r", M.run, { buffer = bufnr, desc = "QuickRun" })
end

function M.stop()
  if state.job then
    vim.fn.jobstop(state.job) -- ignores a job that already ended
    state.job = nil
  end
end

return M
