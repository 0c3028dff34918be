import FlowSim
import Foundation

extension FrameRenderer {
    /// Shades `viewport.safeAreaOverlay` over a frame, in viewport points (below the chrome
    /// strip): a translucent band on each inset edge, with the shapes that make it — a sensor
    /// housing pill centred in a top or side band of 40 pt or more (the Dynamic Island is about
    /// 126 × 37 pt at 11 pt from the edge), and a home indicator bar (134 × 5 pt, 8 pt above the
    /// bottom edge) in a bottom band. A cell under the sensor housing shows through the band.
    func drawSafeAreaOverlay(in cr: Context) throws {
        guard let insets = viewport.safeAreaOverlay, insets != .zero else { return }
        let w = viewport.width
        let h = viewport.height
        let top = viewport.chromeHeight
        let shade = style.isDark ? 1.0 : 0.0
        try cr.setSource(red: shade, green: shade, blue: shade, alpha: 0.18)
        let bands = [
            (0.0, 0.0, w, Double(insets.top)), (0.0, h - Double(insets.bottom), w, Double(insets.bottom)),
            (0.0, Double(insets.top), Double(insets.left), h - Double(insets.top + insets.bottom)),
            (
                w - Double(insets.right), Double(insets.top), Double(insets.right),
                h - Double(insets.top + insets.bottom)
            ),
        ]
        for (x, y, bw, bh) in bands where bw > 0 && bh > 0 {
            try cr.rectangle(x: x, y: top + y, width: bw, height: bh)
            try cr.fill()
        }
        // The sensor housing: black, as the hardware is.
        try cr.setSource(red: 0, green: 0, blue: 0, alpha: 0.85)
        let pill = (long: 126.0, short: 37.0, edge: 11.0)
        if insets.top >= 40 && w >= pill.long {
            try cr.roundedRectangle(
                x: (w - pill.long) / 2, y: top + pill.edge, width: pill.long, height: pill.short, radius: pill.short / 2
            )
            try cr.fill()
        } else if insets.left >= 40 && h >= pill.long {
            try cr.roundedRectangle(
                x: pill.edge, y: top + (h - pill.long) / 2, width: pill.short, height: pill.long, radius: pill.short / 2
            )
            try cr.fill()
        }
        if insets.bottom >= 13 && w >= 134 {
            try cr.setSource(red: shade, green: shade, blue: shade, alpha: 0.7)
            try cr.roundedRectangle(x: (w - 134) / 2, y: top + h - 8 - 5, width: 134, height: 5, radius: 2.5)
            try cr.fill()
        }
    }
}
