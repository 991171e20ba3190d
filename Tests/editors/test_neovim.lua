-- Tests of examples/neovim/switchboard.lua against the daemon, in headless Neovim (0.7+):
--
--   SWITCHBOARD=.build/debug/switchboard nvim --headless -u NONE -i NONE -n \
--     -c 'luafile Tests/editors/test_neovim.lua' </dev/null
--
-- The plugin is loaded as a user's init.lua loads it (dofile), and driven through its
-- commands and its Lua functions. Each test gets a fresh daemon (the binary in $SWITCHBOARD,
-- else the repository's debug build). The last line printed is "neovim: N passed, M failed";
-- Neovim exits 0 only if every test passed.

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
if not (vim.env.SWITCHBOARD and vim.env.SWITCHBOARD ~= '') then
  vim.env.SWITCHBOARD = root .. '/.build/debug/switchboard'
end

local function say(text) io.stdout:write(text .. '\n') end

local function eq(actual, expected, what)
  if not vim.deep_equal(actual, expected) then
    error(string.format('%s: expected %s, got %s', what, vim.inspect(expected),
                        vim.inspect(actual)), 2)
  end
end

local function check(condition, what)
  if not condition then error(what, 2) end
end

local function wait_for(predicate, ms)
  return vim.wait(ms or 5000, predicate, 5)
end

local sb -- the plugin, loaded below

-- The outputs received so far as { vm, output, value }.
local function outputs()
  local result = {}
  for i, o in ipairs(sb.outputs) do result[i] = { o.vm, o.output, o.value } end
  return result
end

local function seqs()
  local result = {}
  for i, o in ipairs(sb.outputs) do result[i] = o.seq end
  return result
end

-- The first output `name` of `vm` received, or nil.
local function output(vm, name)
  for _, o in ipairs(sb.outputs) do
    if o.vm == vm and o.output == name then return o end
  end
end

-- The last value of `vm`.`name`, or nil.
local function value(vm, name)
  local found
  for _, o in ipairs(sb.outputs) do
    if o.vm == vm and o.output == name then found = o.value end
  end
  return found
end

local function has_line(line)
  return vim.tbl_contains(sb.lines(), line)
end

local function stop_daemon()
  sb.stop()
  check(wait_for(function() return sb.job == nil end, 10000), 'the daemon did not exit')
end

local tests = {}
local function test(name, body) table.insert(tests, { name = name, body = body }) end

test('the signup scenario of :SwitchboardSignup', function()
  vim.cmd('SwitchboardSignup')
  check(wait_for(function() return sb.exit_code ~= nil end), 'the daemon did not exit')
  eq(outputs(), {
    { 'signup', 'submitButtonEnabled', false },
    { 'signup', 'submitButtonEnabled', true },
    { 'signup', 'alertMessage', 'Successful' },
  }, 'outputs')
  eq(seqs(), { 1, 2, 3 }, 'seq')
  eq(sb.exit_code, 0, 'exit status')
  for _, line in ipairs({ '#1 signup.submitButtonEnabled = false',
                          '#2 signup.submitButtonEnabled = true',
                          '#3 signup.alertMessage = "Successful"',
                          '-- submitted', '-- switchboard exited with status 0' }) do
    check(has_line(line), 'the buffer has no line ' .. line .. ': ' .. vim.inspect(sb.lines()))
  end
end)

test('signup typed one field at a time with :SwitchboardCall; three failures lock it', function()
  vim.cmd('SwitchboardCall signup.viewDidLoad')
  vim.cmd('SwitchboardCall signup.nameChanged ["Lisa"]')
  vim.cmd('SwitchboardCall signup.emailChanged {"email": "lisa-at-rules"}')
  vim.cmd('SwitchboardCall signup.passwordChanged ["password123"]')
  vim.cmd('SwitchboardCall signup.submitButtonPressed')
  check(wait_for(function() return value('signup', 'alertMessage') end), 'no alertMessage')
  eq(value('signup', 'alertMessage'), 'Unsuccessful', 'a bad email')
  eq(output('signup', 'alertMessage').cause.method, 'signup.submitButtonPressed', 'the cause')
  vim.cmd('SwitchboardCall signup.submitButtonPressed')
  vim.cmd('SwitchboardCall signup.submitButtonPressed')
  check(wait_for(function() return value('signup', 'alertMessage') == 'Too Many Attempts' end),
        'not locked after three failures: ' .. vim.inspect(outputs()))
  check(wait_for(function() return value('signup', 'submitButtonEnabled') == false end),
        'submit still enabled')
end)

test('register on the real clock: registered arrives ~50 ms after the press', function()
  eq(sb.call('create', { type = 'register', id = 'r', options = { latencyMs = 50 } }),
     { id = 'r', type = 'register' }, 'create')
  -- Outputs with property semantics come with the creation, before its response.
  eq(outputs(), { { 'r', 'registerButtonEnabled', false }, { 'r', 'isRegistering', false } },
     'outputs on creation')
  eq(sb.call('r.usernameChanged', { 'mariano@zerously.com' }), vim.NIL, 'result')
  sb.call('r.passwordChanged', { password = 'pa55worD' })
  eq(value('r', 'registerButtonEnabled'), true, 'enabled')
  local sent = vim.loop.hrtime()
  sb.call('r.registerButtonPressed')
  local returned = vim.loop.hrtime()
  -- What the press caused at once has arrived with its response; the service's answer
  -- cannot have: it comes 50 ms later.
  eq(value('r', 'isRegistering'), true, 'isRegistering when the press returns')
  if (returned - sent) / 1e6 < 40 then
    check(output('r', 'registered') == nil, 'registered arrived with the press')
  end
  check(wait_for(function() return output('r', 'registered') ~= nil end), 'no registered')
  local arrived = vim.loop.hrtime()
  local registered = output('r', 'registered')
  eq(registered.value, 'token-mariano@zerously.com', 'the token')
  eq(registered.cause, { kind = 'timer' }, 'the cause')
  check((arrived - sent) / 1e6 >= 45,
        string.format('registered arrived %.1f ms after the press', (arrived - sent) / 1e6))
  check(wait_for(function() return #sb.outputs == 9 end), 'not 9 outputs: ' .. vim.inspect(outputs()))
  eq(outputs(), {
    { 'r', 'registerButtonEnabled', false }, { 'r', 'isRegistering', false },
    { 'r', 'registerButtonEnabled', true },
    { 'r', 'errorMessage', vim.NIL }, { 'r', 'registerButtonEnabled', false },
    { 'r', 'isRegistering', true },
    { 'r', 'registered', 'token-mariano@zerously.com' }, { 'r', 'registerButtonEnabled', true },
    { 'r', 'isRegistering', false },
  }, 'outputs')
  eq(seqs(), { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, 'seq')
  check(has_line('#7 r.registered = "token-mariano@zerously.com"'), 'the buffer: ' .. vim.inspect(sb.lines()))
  check(has_line('#4 r.errorMessage = null'), 'the buffer: ' .. vim.inspect(sb.lines()))
end)

test('a value with "/" is shown as it is', function()
  sb.call('create', { type = 'register', id = 'r', options = { latencyMs = 0, token = 'a/b' } })
  sb.call('r.usernameChanged', { 'mariano@zerously.com' })
  sb.call('r.passwordChanged', { 'pa55worD' })
  sb.call('r.registerButtonPressed')
  check(wait_for(function() return value('r', 'registered') ~= nil end), 'no registered')
  eq(value('r', 'registered'), 'a/b', 'the token')
  check(has_line('#7 r.registered = "a/b"'), 'the buffer: ' .. vim.inspect(sb.lines()))
end)

test('a delegated service call is answered with an error', function()
  sb.call('create', { type = 'register', id = 'r', options = { service = 'client' } })
  sb.call('r.usernameChanged', { 'mariano@zerously.com' })
  sb.call('r.passwordChanged', { 'pa55worD' })
  sb.call('r.registerButtonPressed')
  check(wait_for(function() return value('r', 'isRegistering') == false and #sb.outputs > 6 end),
        'the call was not answered: ' .. vim.inspect(outputs()))
  eq(value('r', 'errorMessage'), 'the Neovim sample serves no registerService/register',
     'errorMessage')
  eq(output('r', 'registered'), nil, 'registered')
end)

test('error responses', function()
  local ok, err = pcall(sb.call, 'signup.nameChange', { 'Lisa' })
  check(not ok, 'no error')
  eq(err.code, -32601, 'code')
  eq(err.data.suggestion, 'nameChanged', 'suggestion')
  ok, err = pcall(sb.call, 'advance', { ms = 10 })
  eq({ ok, err.code }, { false, -32004 }, 'advance without --clock virtual')
  -- Without a callback, the error is shown in the buffer.
  vim.cmd('SwitchboardCall signup.nameChanged [42]')
  check(wait_for(function()
    for _, line in ipairs(sb.lines()) do
      if line:match('^error %-32602: Invalid params: parameter \'name\'') then return true end
    end
  end), 'the buffer: ' .. vim.inspect(sb.lines()))
end)

test('the virtual clock: start with options, then advance', function()
  sb.start({ '--clock', 'virtual' })
  sb.call('create', { type = 'register', id = 'r' })
  sb.call('r.usernameChanged', { 'mariano@zerously.com' })
  sb.call('r.passwordChanged', { 'pa55worD' })
  sb.call('r.registerButtonPressed')
  eq(sb.call('advance', { 299 }), { now = 299 }, 'advance 299')
  vim.wait(100)
  eq(output('r', 'registered'), nil, 'registered before 300 ms')
  eq(sb.call('advance', { ms = 1 }), { now = 300 }, 'advance 1')
  eq(value('r', 'registered'), 'token-mariano@zerously.com', 'registered at 300 ms')
end)

test('stop, then a request starts a fresh daemon', function()
  sb.call('signup.viewDidLoad')
  sb.stop()
  -- Sent while the first daemon is still finishing: it waits for it, then starts another.
  sb.call('signup.viewDidLoad')
  eq(seqs(), { 1 }, 'seq of the fresh daemon')
  check(has_line('-- switchboard exited with status 0'), 'the buffer: ' .. vim.inspect(sb.lines()))
  check(sb.job ~= nil, 'not running')
end)

test('a missing binary is an error', function()
  vim.g.switchboard_binary = '/nonexistent/switchboard'
  local ok, err = pcall(sb.start)
  vim.g.switchboard_binary = nil
  check(not ok, 'started')
  check(tostring(err):match('cannot run /nonexistent/switchboard;'), tostring(err))
  check(sb.job == nil, 'a job')
end)

local passed, failed = 0, 0
local ok, err = xpcall(function()
  sb = dofile(root .. '/examples/neovim/switchboard.lua')
  local v = vim.version()
  say(string.format('switchboard: %s (NVIM v%d.%d.%d)', vim.env.SWITCHBOARD, v.major, v.minor, v.patch))
  for _, t in ipairs(tests) do
    local test_ok, test_err = xpcall(t.body, debug.traceback)
    local stopped, stop_err = pcall(stop_daemon)
    if test_ok and not stopped then test_ok, test_err = false, stop_err end
    if test_ok then
      passed = passed + 1
      say('PASS ' .. t.name)
    else
      failed = failed + 1
      say('FAIL ' .. t.name .. '\n  ' .. tostring(test_err):gsub('\n', '\n  '))
    end
  end
end, debug.traceback)
if not ok then
  failed = failed + 1
  say('ERROR ' .. tostring(err))
end
say(string.format('neovim: %d passed, %d failed', passed, failed))
io.stdout:flush()
vim.cmd('cquit ' .. ((failed == 0 and passed > 0) and 0 or 1))
