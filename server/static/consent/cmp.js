/*
 * The reference consent manager: stands in for the shop's third-party consent-management
 * platform, which the reference server cannot load (no third party here). It keeps that
 * platform's contract with the page (server/README.md, "Consent manager"):
 *
 * - the page loads it with `data-domain-script` (the site's configuration id, `-test` on internal
 *   hosts), `data-changed-event` and `data-settings-event`;
 * - until the visitor has chosen, a banner offers all groups, the necessary ones only, or the
 *   settings; the choice is kept in the cookie `shopConsent` for a year;
 * - every choice fires `data-changed-event` on window with `detail.groups` (the active groups'
 *   ids, C0001 necessary, C0002 statistics, C0003 comfort, C0004 marketing) and
 *   `detail.domainScript`;
 * - `data-settings-event` on window (the footer's consent-settings link) opens the settings.
 *
 * Its texts follow the page's language (nine locales, German when unknown). No inline styles or
 * scripts: the page's Content-Security-Policy allows neither; the styles are cmp.css beside it.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__shopConsentManager) return;
  window.__shopConsentManager = true;

  var COOKIE = 'shopConsent';
  var YEAR_SECONDS = 365 * 24 * 60 * 60;
  var NECESSARY = 'C0001';
  var GROUPS = [NECESSARY, 'C0002', 'C0003', 'C0004'];
  var config = script.dataset;
  var changedEvent = config.changedEvent || 'consent:changed';
  var settingsEvent = config.settingsEvent || 'shop:consent-settings';

  var GERMAN = {
    title: 'Cookies und Datenschutz',
    text: 'Wir verwenden Cookies und ähnliche Techniken, um den Shop sicher zu betreiben, ihn zu verbessern und Ihnen passende Angebote zu zeigen. Ihre Auswahl können Sie jederzeit in den Cookie-Einstellungen im Footer ändern.',
    acceptAll: 'Alle akzeptieren',
    necessaryOnly: 'Nur notwendige',
    settings: 'Einstellungen',
    settingsTitle: 'Cookie-Einstellungen',
    save: 'Auswahl speichern',
    close: 'Schließen',
    groups: ['Notwendig (immer aktiv)', 'Statistik', 'Komfort', 'Marketing'],
  };
  var TEXTS = {
    de: GERMAN,
    'de-ch': Object.assign({}, GERMAN, { close: 'Schliessen' }),
    fr: {
      title: 'Cookies et protection des données',
      text: 'Nous utilisons des cookies et des techniques similaires pour exploiter la boutique en toute sécurité, l’améliorer et vous montrer des offres adaptées. Vous pouvez modifier votre choix à tout moment dans les paramètres des cookies en bas de page.',
      acceptAll: 'Tout accepter',
      necessaryOnly: 'Uniquement les nécessaires',
      settings: 'Paramètres',
      settingsTitle: 'Paramètres des cookies',
      save: 'Enregistrer la sélection',
      close: 'Fermer',
      groups: ['Nécessaires (toujours actifs)', 'Statistiques', 'Confort', 'Marketing'],
    },
    pl: {
      title: 'Pliki cookie i ochrona danych',
      text: 'Używamy plików cookie i podobnych technologii, aby bezpiecznie prowadzić sklep, ulepszać go i pokazywać Ci dopasowane oferty. Swój wybór możesz w każdej chwili zmienić w ustawieniach plików cookie w stopce.',
      acceptAll: 'Zaakceptuj wszystkie',
      necessaryOnly: 'Tylko niezbędne',
      settings: 'Ustawienia',
      settingsTitle: 'Ustawienia plików cookie',
      save: 'Zapisz wybór',
      close: 'Zamknij',
      groups: ['Niezbędne (zawsze aktywne)', 'Statystyka', 'Funkcjonalne', 'Marketing'],
    },
    cs: {
      title: 'Soubory cookie a ochrana údajů',
      text: 'Používáme soubory cookie a podobné technologie, abychom mohli e-shop bezpečně provozovat, zlepšovat ho a zobrazovat vám vhodné nabídky. Svou volbu můžete kdykoli změnit v nastavení cookies v zápatí.',
      acceptAll: 'Přijmout vše',
      necessaryOnly: 'Jen nezbytné',
      settings: 'Nastavení',
      settingsTitle: 'Nastavení cookies',
      save: 'Uložit výběr',
      close: 'Zavřít',
      groups: ['Nezbytné (vždy aktivní)', 'Statistika', 'Pohodlí', 'Marketing'],
    },
    hu: {
      title: 'Sütik és adatvédelem',
      text: 'Sütiket és hasonló technológiákat használunk, hogy a webáruházat biztonságosan működtessük, fejlesszük, és Önnek megfelelő ajánlatokat mutassunk. Választását bármikor módosíthatja a lábléc süti-beállításaiban.',
      acceptAll: 'Összes elfogadása',
      necessaryOnly: 'Csak a szükségesek',
      settings: 'Beállítások',
      settingsTitle: 'Süti-beállítások',
      save: 'Választás mentése',
      close: 'Bezárás',
      groups: ['Szükséges (mindig aktív)', 'Statisztika', 'Kényelmi', 'Marketing'],
    },
    sk: {
      title: 'Súbory cookie a ochrana údajov',
      text: 'Používame súbory cookie a podobné technológie, aby sme mohli e-shop bezpečne prevádzkovať, zlepšovať ho a zobrazovať vám vhodné ponuky. Svoju voľbu môžete kedykoľvek zmeniť v nastaveniach cookies v päte stránky.',
      acceptAll: 'Prijať všetko',
      necessaryOnly: 'Len nevyhnutné',
      settings: 'Nastavenia',
      settingsTitle: 'Nastavenia cookies',
      save: 'Uložiť výber',
      close: 'Zavrieť',
      groups: ['Nevyhnutné (vždy aktívne)', 'Štatistika', 'Pohodlie', 'Marketing'],
    },
    tr: {
      title: 'Çerezler ve veri koruma',
      text: 'Mağazayı güvenli bir şekilde işletmek, geliştirmek ve size uygun teklifler göstermek için çerezler ve benzer teknolojiler kullanıyoruz. Seçiminizi istediğiniz zaman alt bilgideki çerez ayarlarından değiştirebilirsiniz.',
      acceptAll: 'Tümünü kabul et',
      necessaryOnly: 'Yalnızca gerekli olanlar',
      settings: 'Ayarlar',
      settingsTitle: 'Çerez ayarları',
      save: 'Seçimi kaydet',
      close: 'Kapat',
      groups: ['Gerekli (her zaman etkin)', 'İstatistik', 'İşlevsel', 'Pazarlama'],
    },
  };
  var lang = (document.documentElement.lang || 'de').toLowerCase();
  var t = TEXTS[lang] || TEXTS[lang.split('-')[0]] || GERMAN;

  /** The groups the visitor chose, or null before any choice (an unreadable cookie is none). */
  function storedGroups() {
    var match = document.cookie.match(/(?:^|;\s*)shopConsent=([^;]*)/);
    if (!match) return null;
    var value;
    try {
      value = decodeURIComponent(match[1]);
    } catch (error) {
      return null;
    }
    return GROUPS.filter(function (group) {
      return group === NECESSARY || value.split(',').indexOf(group) >= 0;
    });
  }

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  function button(text, className, onClick) {
    var node = element('button', { type: 'button', class: className }, [text]);
    node.addEventListener('click', onClick);
    return node;
  }

  var banner = null;
  var dialog = null;
  var opener = null;

  // While the banner stands over the bottom of the window, what the keyboard focuses is kept
  // clear of it (WCAG 2.4.11): the browser scrolls a focused element above the banner
  // (`scroll-padding-bottom` on the page), and the page's end can scroll up above it (as much
  // padding below the page's content). Followed as the banner's height changes (a phone turned,
  // the banner hidden while the settings are open); given back when the banner goes.
  var room = null;
  function keepRoom() {
    var root = document.documentElement;
    if (!room) room = { padding: root.style.scrollPaddingBottom, bodyPadding: document.body.style.paddingBottom };
    var height = banner && !banner.hidden && getComputedStyle(banner).position === 'fixed' ? banner.offsetHeight : 0;
    root.style.scrollPaddingBottom = height ? height + 'px' : room.padding;
    document.body.style.paddingBottom = height ? height + 'px' : room.bodyPadding;
  }
  var roomWatch = typeof ResizeObserver === 'function' ? new ResizeObserver(keepRoom) : null;
  function giveRoomBack() {
    if (roomWatch) roomWatch.disconnect();
    if (!room) return;
    document.documentElement.style.scrollPaddingBottom = room.padding;
    document.body.style.paddingBottom = room.bodyPadding;
    room = null;
  }

  function choose(groups) {
    var chosen = GROUPS.filter(function (group) {
      return group === NECESSARY || groups.indexOf(group) >= 0;
    });
    document.cookie =
      COOKIE + '=' + encodeURIComponent(chosen.join(',')) + '; path=/; max-age=' + YEAR_SECONDS + '; SameSite=Lax';
    if (banner) {
      // A choice made in the banner takes its button away: the focus goes to the page's main
      // content instead of falling out of the page. The view stays where it is: focusing
      // <main> would otherwise scroll its top into view, the header out of sight (on a phone
      // the first tap on "accept all" jumped the page down).
      var hadFocus = banner.contains(document.activeElement);
      banner.remove();
      banner = null;
      giveRoomBack();
      var main = document.querySelector('main[tabindex]');
      if (hadFocus && main) main.focus({ preventScroll: true });
    }
    window.dispatchEvent(new CustomEvent(changedEvent, { detail: { groups: chosen, domainScript: config.domainScript || '' } }));
  }

  function showBanner() {
    banner = element('section', { class: 'cmp-banner', 'aria-labelledby': 'cmp-banner-title', 'data-domain-script': config.domainScript || '' }, [
      element('h2', { id: 'cmp-banner-title', class: 'cmp-title' }, [t.title]),
      element('p', { class: 'cmp-text' }, [t.text]),
      element('div', { class: 'cmp-actions' }, [
        button(t.acceptAll, 'cmp-button cmp-button--primary', function () {
          choose(GROUPS);
        }),
        button(t.necessaryOnly, 'cmp-button', function () {
          choose([NECESSARY]);
        }),
        button(t.settings, 'cmp-button cmp-button--link', openSettings),
      ]),
    ]);
    document.body.prepend(banner);
    keepRoom();
    if (roomWatch) roomWatch.observe(banner);
  }

  function buildDialog() {
    var boxes = GROUPS.map(function (group, index) {
      var attributes = { type: 'checkbox', name: 'group', value: group, id: 'cmp-group-' + group };
      if (group === NECESSARY) attributes.disabled = '';
      var box = element('input', attributes);
      return element('li', { class: 'cmp-group' }, [box, element('label', { for: box.id }, [t.groups[index]])]);
    });
    var form = element('form', { method: 'dialog', class: 'cmp-form' }, [
      element('ul', { class: 'cmp-groups', 'aria-labelledby': 'cmp-dialog-title' }, boxes),
      element('div', { class: 'cmp-actions' }, [
        element('button', { type: 'submit', class: 'cmp-button cmp-button--primary' }, [t.save]),
        button(t.acceptAll, 'cmp-button', function () {
          choose(GROUPS);
          dialog.close();
        }),
      ]),
    ]);
    form.addEventListener('submit', function () {
      var checked = Array.prototype.filter
        .call(form.querySelectorAll('input[name="group"]'), function (box) {
          return box.checked;
        })
        .map(function (box) {
          return box.value;
        });
      choose(checked);
    });
    var close = button(t.close, 'cmp-close', function () {
      dialog.close();
    });
    close.setAttribute('aria-label', t.close);
    dialog = element('dialog', { class: 'cmp-dialog', 'aria-labelledby': 'cmp-dialog-title' }, [
      element('h2', { id: 'cmp-dialog-title', class: 'cmp-title' }, [t.settingsTitle]),
      form,
      close,
    ]);
    dialog.addEventListener('close', function () {
      // Closed without a choice: the banner comes back.
      if (banner) banner.hidden = false;
      // Back to the control that opened the settings; when that was the banner, which a choice
      // removes, to the page's main content. Without scrolling, as after a choice in the banner:
      // the page behind the modal settings has not moved, so the opener is still where the
      // visitor left it, and <main> must not pull the view down to its top.
      var target = opener && document.contains(opener) ? opener : document.querySelector('main[tabindex]');
      if (target) target.focus({ preventScroll: true });
      opener = null;
    });
    document.body.append(dialog);
  }

  function openSettings() {
    if (!dialog) buildDialog();
    if (dialog.open) return;
    var groups = storedGroups() || [NECESSARY];
    Array.prototype.forEach.call(dialog.querySelectorAll('input[name="group"]'), function (box) {
      box.checked = groups.indexOf(box.value) >= 0;
    });
    var active = document.activeElement;
    opener = active && active !== document.body ? active : null;
    // The settings stand in for the banner while they are open.
    if (banner) banner.hidden = true;
    dialog.showModal();
  }

  function start() {
    var stylesheet = element('link', { rel: 'stylesheet', href: script.src.replace(/\.js(\?.*)?$/, '.css') });
    // The banner waits for its styles: unstyled, it would stand at the top of the page and push
    // everything down until they came (a layout shift on every first visit). Without them (the
    // stylesheet failed), it comes unstyled: the visitor can still choose.
    var waiting = storedGroups() === null;
    function showOnce() {
      if (waiting && storedGroups() === null) showBanner();
      waiting = false;
    }
    stylesheet.addEventListener('load', showOnce);
    stylesheet.addEventListener('error', showOnce);
    document.head.append(stylesheet);
    window.addEventListener(settingsEvent, openSettings);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
