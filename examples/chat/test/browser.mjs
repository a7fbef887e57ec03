// The chat page in a real browser: headless Chromium (Debian's, at
// /usr/bin/chromium, or CHROMIUM) driven by playwright-core, against the Go
// server at argv[2] (run by the Go test TestBrowser, with the demo model),
// and at argv[4] a second one whose demo model writes slowly. Screenshots
// go to argv[3] (default: the working directory), and each path is
// printed.
//
// 1. Approve: ask about the weather and watch the answer stream in (the
//    page shows part of it before all of it), then ask to send an email,
//    see the approval request, click Approve, and see the tool's result and
//    the final answer.
// 2. Progress: ask to search the mail, and see the search's progress (the
//    folders read so far, and the hits in them) come folder by folder
//    before its result replaces it.
// 3. Deny: in a new chat, ask to send an email, click Deny, and see the
//    model told so.
// 4. Reload: ask to send an email, reload the page while it waits for
//    approval: the conversation and the approval are back (the chat's id is
//    in the URL; the server keeps its messages). Approve it, see it sent,
//    reload again: the email shows sent, with nothing left to approve (the
//    Go test checks it was sent once). New chat starts an empty chat, and
//    so does a chat the server does not know, with a note.
// 5. Busy: while an answer is on its way (its request held back), type a
//    second message and press Enter: it is not sent, the page says why, the
//    text stays in the box and Send is off; when the answer has come, Send
//    sends it.
//
// 6. Second tab (against the slow server): while one tab's answer is
//    still streaming, a second tab opens the same chat: it reconnects to
//    the answer, shows it come, then whole. Then the first tab reloads
//    mid-answer: the run goes on, and the reloaded page reconnects and
//    shows the whole answer, once.
//
// Every wait is bounded; the first failure ends the run with exit code 1.
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const [url, outDir = '.', slowURL] = process.argv.slice(2);
if (!url || !slowURL) {
  console.error('usage: node test/browser.mjs URL screenshot-dir SLOW-URL');
  process.exit(2);
}
const WAIT = 15000; // ms, for any one thing to show

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'], // CI runs as root
  timeout: 30000,
});
try {
  const scenarios = [approve, progress, deny, reload, busy, secondTab];
  for (const scenario of scenarios) {
    const page = await newPage(scenario === secondTab ? slowURL : url);
    try {
      await scenario(page);
    } catch (e) {
      await screenshot(page, `chat-${scenario.name}-failed.png`).catch(() => {});
      throw e;
    }
  }
  console.log(`browser: ${scenarios.length} passed, 0 failed`);
} finally {
  await browser.close();
}

async function newPage(at) {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  page.setDefaultTimeout(WAIT);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(at, { timeout: WAIT });
  await page.getByRole('heading', { name: 'toolgen chat' }).waitFor();
  await observe(page);
  return page;
}

async function observe(page) {
  // Keep every text the assistant's messages show, as they change.
  await page.evaluate(() => {
    window.seenTexts = [];
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('[data-role=assistant] .text')) {
        const t = p.textContent;
        if (window.seenTexts.at(-1) !== t) window.seenTexts.push(t);
      }
    }).observe(document.querySelector('.messages'), { childList: true, subtree: true, characterData: true });
  });
}

async function ask(page, text) {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

// see waits for an element of the page to show text.
async function see(page, selector, text) {
  await page.locator(selector, { hasText: text }).first().waitFor({ state: 'visible' });
  console.log(`saw ${selector}: ${JSON.stringify(text)}`);
}

async function ready(page) {
  await page.locator('.status[data-status=ready]').waitFor();
}

async function screenshot(page, name) {
  const path = resolve(outDir, name);
  await page.screenshot({ path, fullPage: true });
  console.log('screenshot: ' + path);
}

function check(ok, what) {
  if (!ok) throw new Error('check failed: ' + what);
}

async function approve(page) {
  console.log('== approve');
  await ask(page, "What's the weather in Paris?");
  await see(page, '[data-role=assistant] .text', 'Let me look up the weather in Paris.');
  await see(page, '.tool[data-tool=get_weather][data-state=output-available] .output', 'Paris: 17°C, sunny');
  const answer = 'Here is the weather: Paris: 17°C, sunny.';
  await see(page, '[data-role=assistant] .text', answer);
  await ready(page);
  const seen = await page.evaluate(() => window.seenTexts);
  const partial = seen.filter((t) => t.length > 0 && answer.startsWith(t) && t !== answer);
  console.log(`streamed: ${partial.length} partial texts of the answer before it was whole, e.g. ${JSON.stringify(partial[0])}`);
  // One part of the answer shown before the whole proves it streamed in: a
  // loaded browser may paint only once or twice over its seven words.
  check(partial.length >= 1, 'the answer streamed in: partial texts seen ' + JSON.stringify(seen));

  await ask(page, 'Email ana@example.com that I am late.');
  await see(page, '[data-role=assistant] .text', 'I will email ana@example.com. Sending needs your approval.');
  await see(page, '.tool[data-tool=send_email][data-state=approval-requested]', 'This call needs your approval.');
  await ready(page);
  await screenshot(page, 'chat-approval.png');
  await page.getByRole('button', { name: 'Approve' }).click();
  await see(page, '.tool[data-tool=send_email][data-state=output-available] .output', 'sent to ana@example.com');
  await see(page, '[data-role=assistant] .text', 'Done: the email was sent to ana@example.com.');
  await ready(page);
  check((await page.getByRole('button', { name: 'Approve' }).count()) === 0, 'the approval buttons are gone');
  await screenshot(page, 'chat-approved.png');
}

async function progress(page) {
  console.log('== progress');
  // Keep every state the search's part shows, as it changes.
  await page.evaluate(() => {
    window.searchStates = [];
    new MutationObserver(() => {
      const tool = document.querySelector('.tool[data-tool=search_mail]');
      const output = tool?.querySelector('.output');
      if (!output) return;
      const s = (tool.dataset.preliminary ? 'running: ' : tool.dataset.state + ': ') + output.textContent;
      if (window.searchStates.at(-1) !== s) window.searchStates.push(s);
    }).observe(document.querySelector('.messages'), { childList: true, subtree: true, characterData: true, attributes: true });
  });
  await ask(page, 'Search my mail for invoice');
  await see(page, '.tool[data-tool=search_mail][data-preliminary=true] .reading', 'of 4 read');
  await screenshot(page, 'chat-progress.png');
  await see(page, '.tool[data-tool=search_mail][data-state=output-available]:not([data-preliminary]) .done', '3 emails in 4 folders');
  await see(page, '[data-role=assistant] .text', 'I found 3 emails about "invoice"');
  await ready(page);
  const states = await page.evaluate(() => window.searchStates);
  const running = states.filter((s) => s.startsWith('running: '));
  console.log(`progress: ${running.length} reports shown before the result, e.g. ${JSON.stringify(running[0])}`);
  const result = states.findIndex((s) => s.startsWith('output-available: '));
  check(running.length >= 2 && result > states.indexOf(running[0]), 'the progress showed, folder by folder, before the result: ' + JSON.stringify(states));
  check(result === states.length - 1, 'the result replaced the progress: ' + JSON.stringify(states));
  check((await page.locator('.tool[data-tool=search_mail] .hits li').count()) === 3, 'the result lists the 3 hits');
}

async function deny(page) {
  console.log('== deny');
  await ask(page, 'Email bo@example.com that the meeting moved.');
  await see(page, '.tool[data-tool=send_email][data-state=approval-requested]', 'This call needs your approval.');
  await ready(page);
  await page.getByRole('button', { name: 'Deny' }).click();
  await see(page, '.tool[data-tool=send_email][data-state=output-denied] .output', 'denied');
  await see(page, '[data-role=assistant] .text', 'I did not send the email. Denied by the user: the user said no');
  await ready(page);
  await screenshot(page, 'chat-denied.png');
}

async function reload(page) {
  console.log('== reload');
  await ask(page, 'Email cy@example.com that the report is ready.');
  await see(page, '.tool[data-tool=send_email][data-state=approval-requested]', 'This call needs your approval.');
  await ready(page);
  const chatURL = page.url();
  check(/#chat=[\w-]+$/.test(chatURL), 'the chat id is in the URL: ' + chatURL);

  await page.reload({ timeout: WAIT });
  await page.getByRole('heading', { name: 'toolgen chat' }).waitFor();
  check(page.url() === chatURL, `the reloaded page is the same chat: ${page.url()} after ${chatURL}`);
  await see(page, '[data-role=user] .text', 'Email cy@example.com that the report is ready.');
  await see(page, '[data-role=assistant] .text', 'I will email cy@example.com. Sending needs your approval.');
  await see(page, '.tool[data-tool=send_email][data-state=approval-requested]', 'This call needs your approval.');
  await ready(page);
  check((await page.locator('[data-role=user]').count()) === 1, 'one user message after the reload');
  await screenshot(page, 'chat-reloaded.png');
  await page.getByRole('button', { name: 'Approve' }).click();
  await see(page, '.tool[data-tool=send_email][data-state=output-available] .output', 'sent to cy@example.com');
  await see(page, '[data-role=assistant] .text', 'Done: the email was sent to cy@example.com.');
  await ready(page);

  await page.reload({ timeout: WAIT });
  await page.getByRole('heading', { name: 'toolgen chat' }).waitFor();
  await see(page, '.tool[data-tool=send_email][data-state=output-available] .output', 'sent to cy@example.com');
  await see(page, '[data-role=assistant] .text', 'Done: the email was sent to cy@example.com.');
  await ready(page);
  check((await page.getByRole('button', { name: 'Approve' }).count()) === 0, 'nothing left to approve after the second reload');

  // New chat: another id, nothing in it.
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.waitForFunction((old) => location.href !== old, chatURL);
  await ready(page);
  check((await page.locator('.message').count()) === 0, 'a new chat is empty');
  // A chat the server does not know (it restarted, say) starts empty, and
  // the page says why.
  await page.goto(url + '/#chat=unknown-chat', { timeout: WAIT });
  await see(page, '.note', 'The server has no messages of this chat');
  await ready(page);
  check((await page.locator('.message').count()) === 0, 'an unknown chat is empty');
}

async function busy(page) {
  console.log('== busy');
  // Hold the first chat request back, so that the page is busy for as
  // long as the scenario needs.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(
    '**/api/chat',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await ask(page, "What's the weather in Paris?");
  await page.locator('.status[data-status=submitted]').waitFor();
  const second = "What's the weather in Rome?";
  const box = page.getByLabel('Message');
  await box.fill(second);
  await box.press('Enter');
  await see(page, '.busy-note', 'still answering');
  check((await box.inputValue()) === second, 'the text stays in the box');
  check(await page.getByRole('button', { name: 'Send' }).isDisabled(), 'Send is off while the answer comes');
  check((await page.locator('[data-role=user]').count()) === 1, 'the second message was not sent');
  await screenshot(page, 'chat-busy.png');

  release();
  await see(page, '[data-role=assistant] .text', 'Here is the weather: Paris: 17°C, sunny.');
  await ready(page);
  check((await box.inputValue()) === second, 'the text is still in the box when the answer has come');
  await page.getByRole('button', { name: 'Send' }).click();
  await see(page, '[data-role=user] .text', second);
  await see(page, '[data-role=assistant] .text', 'Here is the weather: Rome: ');
  await ready(page);
  check((await page.locator('[data-role=user]').count()) === 2, 'two user messages, each sent once');
}

async function secondTab(page) {
  console.log('== second tab');
  const hint = `I am the demo model. Ask me "What's the weather in Paris?", "Search my mail for invoice" or "Email ana@example.com that I am late."`;
  await ask(page, 'Hello there');
  await page.locator('[data-role=assistant] .text').first().waitFor();
  const tab = await newPage(page.url());
  try {
    // The second tab reconnects to the answer as it streams.
    await tab.locator('[data-role=assistant] .text').first().waitFor();
    const partial = await tab.locator('[data-role=assistant] .text').allTextContents();
    console.log('second tab, while the answer streams: ' + JSON.stringify(partial));
    check(partial.length === 1 && partial[0] !== hint && hint.startsWith(partial[0]), 'the second tab shows part of the answer: ' + JSON.stringify(partial));
    await screenshot(tab, 'chat-second-tab.png');
    await see(tab, '[data-role=assistant] .text', hint);
    await ready(tab);
    check((await tab.locator('[data-role=assistant]').count()) === 1, 'one answer in the second tab');
    await see(page, '[data-role=assistant] .text', hint);
    await ready(page);
  } finally {
    await tab.close();
  }

  await ask(page, 'Hi again');
  await page.locator('[data-role=assistant] .text').nth(1).waitFor();
  await page.reload({ timeout: WAIT });
  await page.getByRole('heading', { name: 'toolgen chat' }).waitFor();
  await page.locator('[data-role=assistant] .text').nth(1).filter({ hasText: hint }).waitFor();
  await ready(page);
  const texts = await page.locator('[data-role=assistant] .text').allTextContents();
  console.log('reloaded mid-answer: ' + JSON.stringify(texts));
  check(texts.length === 2 && texts[1] === hint, 'the reloaded page reconnected and shows the whole answer, once: ' + JSON.stringify(texts));
  check((await page.locator('[data-role=user]').count()) === 2, 'both messages are there after the reload');
}
