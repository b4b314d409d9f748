package server

import (
	"embed"
	"io/fs"
	"net/http"
)

// webFiles is the approval page: HTML, CSS and JavaScript of its own, with
// nothing loaded from anywhere else.
//
//go:embed web
var webFiles embed.FS

// page serves the approval page at /.
func (s *Server) page() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := webFiles.ReadFile("web/index.html")
		if err != nil {
			writeError(w, http.StatusInternalServerError, "the approval page is missing from this build", "")
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		w.Write(data)
	})
}

// assets serves the page's CSS and JavaScript under /assets/.
func (s *Server) assets() http.Handler {
	sub, _ := fs.Sub(webFiles, "web")
	files := http.StripPrefix("/assets/", http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/assets/app.js", "/assets/app.css", "/assets/favicon.svg":
		default:
			writeError(w, http.StatusNotFound, "no such file: "+r.URL.Path, "")
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
