// scenario: keeps the top-k detections per image; indices are narrowed to int32 when the export target is TensorRT
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct ExportSpec {
  std::string backend;
  int64_t max_dets;
  double score_thresh;
};

struct Detections {
  torch::Tensor boxes;  // [N, K, 4]
  torch::Tensor scores; // [N, K]
  torch::Tensor index;  // [N, K]
};

int main() {
  torch::manual_seed(0);
  const int64_t num_images = 2, num_anchors = 50;
  auto scores = torch::rand({num_images, num_anchors});
  auto boxes = torch::rand({num_images, num_anchors, 4}) * 320.0;

  std::vector<ExportSpec> specs = {{"onnx", 10, 0.25}, {"tensorrt", 8, 0.3}};
  for (const auto &spec : specs) {
    auto masked = torch::where(scores > spec.score_thresh, scores, torch::zeros_like(scores));
    auto top = masked.topk(spec.max_dets, /*dim=*/1);
    auto top_scores = std::get<0>(top);
    auto top_idx = std::get<1>(top);
    if (spec.backend == "tensorrt") {
      // the TensorRT NMS plugin consumes int32 indices
      top_idx = top_idx.to(torch::kInt32);
    }

    auto gather_idx = top_idx.unsqueeze(-1).expand({num_images, spec.max_dets, 4});
    Detections det;
    det.boxes = boxes.gather(1, gather_idx); // BUG
    det.scores = top_scores;
    det.index = top_idx;

    auto kept = (det.scores > 0).sum(1);
    std::cout << spec.backend << ": kept " << kept << " boxes " << det.boxes.sizes() << "\n";
  }
  return 0;
}
