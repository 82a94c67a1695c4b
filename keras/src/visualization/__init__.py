"""Drawing boxes and masks onto images, and plotting image galleries."""
