import { chromium } from 'playwright-core';
import axe from 'axe-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ baseURL: 'http://localhost:3000', javaScriptEnabled: false });
const page = await context.newPage();
await page.goto('/');
try { console.log(await page.evaluate(() => document.title)); } catch (e) { console.log('evaluate failed', (e as Error).message.slice(0,200)); }
try { await page.evaluate(axe.source); console.log(await page.evaluate(async () => (await (window as any).axe.run(document, {runOnly:{type:'tag',values:['wcag2aa']}})).violations.length)); } catch (e) { console.log('axe failed', (e as Error).message.slice(0,200)); }
await browser.close();
