// scenario: per-class IoU of a segmentation batch from argmax predictions and int64 masks via a bincount confusion matrix
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iomanip>
#include <iostream>

int main() {
  torch::manual_seed(21);
  const int64_t numClasses = 5, batch = 2, height = 16, width = 16;
  const int64_t ignoreIndex = 255;

  auto logits = torch::randn({batch, numClasses, height, width});
  auto masks = torch::randint(0, numClasses, {batch, height, width}, torch::kLong);
  masks.index_put_({torch::indexing::Slice(), 0}, ignoreIndex); // unlabeled border row

  auto preds = logits.argmax(1); // int64
  auto valid = masks != ignoreIndex;
  auto target = masks.masked_select(valid);
  auto predicted = preds.masked_select(valid);

  // confusion[t][p] counted in one bincount over t * C + p (all int64).
  auto flat = target * numClasses + predicted;
  auto confusion = torch::bincount(flat, /*weights=*/{}, numClasses * numClasses)
                       .view({numClasses, numClasses});

  auto intersection = confusion.diagonal();
  auto unionArea = confusion.sum(0) + confusion.sum(1) - intersection;
  // int64 / int64 is true division: the IoU comes out as float32.
  auto iou = intersection / unionArea.clamp_min(1);
  auto present = unionArea > 0;
  auto meanIoU = iou.masked_select(present).mean();
  auto pixelAcc = intersection.sum().to(torch::kFloat) / confusion.sum().to(torch::kFloat);

  std::cout << std::fixed << std::setprecision(4) << "iou " << iou << "\nmIoU "
            << meanIoU.item<float>() << " pixel acc " << pixelAcc.item<float>()
            << std::endl;
  return iou.scalar_type() == torch::kFloat ? 0 : 1;
}
