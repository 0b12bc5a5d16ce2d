// The service worker of "your turn" pushes: shows each as a notification, and opens the
// game when it is clicked. A push carries only what anyone watching may know.

/** @type {any} */
const worker = self;

worker.addEventListener("push", (/** @type {any} */ event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(worker.registration.showNotification(data.title ?? "tablelands", {
    body: data.body ?? "", data: { url: data.url ?? "/" }, tag: data.url ?? "tablelands",
  }));
});

worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  event.waitUntil(worker.clients.openWindow(event.notification.data.url));
});
