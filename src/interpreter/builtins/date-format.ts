/**
 * Intl-free date formatting (issue "Standard library breadth": toLocaleString for dates with a documented fixed
 * output). Programs must not depend on the host's locale or timezone, so the locale forms called without arguments
 * are the "en-US" form in UTC (with a locale or options they go through intl.ts, still UTC by default):
 * `toLocaleString()` → "1/2/2024, 3:04:05 PM",
 * `toLocaleDateString()` → "1/2/2024", `toLocaleTimeString()` → "3:04:05 PM". `toDateString()` → "Tue Jan 02 2024"
 * and `toTimeString()` → "15:04:05 GMT+0000 (Coordinated Universal Time)" are V8's forms in UTC. This is exactly what
 * V8 prints on a host running with TZ=UTC and an en-US locale.
 */
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

const pad = (n: number, w = 2): string => String(n).padStart(w, "0")

const year = (y: number): string => (y < 0 ? "-" + pad(-y, 6) : pad(y, 4))

type Form = "date" | "time" | "both"

export const localeString = (time: number, form: Form): string => {
  if (!Number.isFinite(time)) return "Invalid Date"
  const d = new Date(time)
  const date = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`
  const h = d.getUTCHours()
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`
  return form === "date" ? date : form === "time" ? clock : `${date}, ${clock}`
}

export const dateString = (time: number): string => {
  if (!Number.isFinite(time)) return "Invalid Date"
  const d = new Date(time)
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${year(d.getUTCFullYear())}`
}

export const timeString = (time: number): string => {
  if (!Number.isFinite(time)) return "Invalid Date"
  const d = new Date(time)
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`
}
