// The data rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Data a notebook downloads from a URL: runs have no network, and the case maps each URL to a local copy
// (case.data.urls). The runtime serves those URLs inside the kernel (resources/python/nbrevive_urls.py), so a
// mapped URL no longer fails and this rule stays for what the kernel cannot serve; it stays away when the kernel
// names an unmapped URL as the failure, since rewriting the mapped literals would not help and would break calls
// that need a URL (urlopen, urlretrieve, requests.get). The URL string becomes the copy's path (../input/…).
export { urlToLocalCopy } from './url-to-local-copy';
